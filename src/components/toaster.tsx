import { Toaster as Sonner } from "sonner";

/** Toasts of SPEC §9: 4000 ms, at most 3 visible; sonner's fixed width is 356 px. */
export function Toaster() {
  return <Sonner duration={4000} visibleToasts={3} position="top-right" closeButton />;
}
