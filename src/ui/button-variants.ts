import { cva } from "class-variance-authority";

/** The Button's classes, as data: cva draws them, and the class-conflict check (scripts/class-conflicts.ts) reads them. */
export const BUTTON_VARIANTS = {
  base: "inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  variants: {
    variant: {
      default: "bg-indigo-600 text-white hover:bg-indigo-700",
      destructive: "bg-red-600 text-white hover:bg-red-700",
      outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 aria-disabled:hover:bg-white",
      ghost: "text-slate-700 hover:bg-slate-100",
      link: "text-indigo-700 underline-offset-4 hover:underline",
    },
    size: {
      default: "h-10 px-4 py-2 text-sm",
      sm: "h-9 px-3 text-sm",
      lg: "h-11 px-6 text-sm",
      icon: "size-10 text-sm",
      /** A call's control bar: a 44 px icon on a phone (its words kept for screen readers), icon and words from 640 px. */
      bar: "h-11 min-w-11 px-3 text-sm sm:h-10 sm:px-4",
      "icon-sm": "size-9 text-sm",
      /** A link-like action inside a line of small text. */
      inline: "h-auto p-0 text-xs",
    },
    shape: { default: "rounded-md", round: "rounded-full" },
  },
  defaults: { variant: "default", size: "default", shape: "default" },
} as const;

export const buttonVariants = cva(BUTTON_VARIANTS.base, { variants: BUTTON_VARIANTS.variants, defaultVariants: BUTTON_VARIANTS.defaults });
