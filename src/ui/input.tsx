import type { ComponentProps } from "react";
import { cn } from "@/ui/class-names";

/** A text field; `compact` is the 36 px height of the nav's search box (40 px otherwise). */
export function Input({ className, compact, ...props }: ComponentProps<"input"> & { compact?: boolean }) {
  return (
    <input
      className={cn(
        "flex w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600",
        compact ? "h-9" : "h-10",
        className,
      )}
      {...props}
    />
  );
}
