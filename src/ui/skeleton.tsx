import type { ComponentProps } from "react";
import { cn } from "@/ui/class-names";

/** A grey placeholder while something loads; `round` for a picture's. */
export function Skeleton({ className, round, ...props }: ComponentProps<"div"> & { round?: boolean }) {
  return (
    <div aria-hidden="true" className={cn("animate-pulse bg-slate-200", round ? "rounded-full" : "rounded-md", className)} {...props} />
  );
}
