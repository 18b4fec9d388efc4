import { Toaster as Sonner } from "sonner";

/**
 * Toasts of SPEC §9: 4000 ms, at most 3 visible; sonner's fixed width is 356 px. Bottom right, so a
 * toast never covers the sticky nav (its account menu sits top right) while it is showing.
 */
export function Toaster() {
  return <Sonner duration={4000} visibleToasts={3} position="bottom-right" closeButton />;
}
