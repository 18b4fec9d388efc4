import { LoaderCircle } from "lucide-react";
import { cn } from "@/ui/class-names";

/** A decorative spinning icon; the surrounding control carries the accessible state (aria-busy). */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("animate-spin", className)} />;
}
