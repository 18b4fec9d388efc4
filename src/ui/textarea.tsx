import type { ComponentProps } from "react";
import { cn } from "@/ui/class-names";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-invalid:border-red-600",
        className,
      )}
      {...props}
    />
  );
}
