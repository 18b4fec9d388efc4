import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { cn } from "@/ui/class-names";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/**
 * A round profile picture (its size in `className`), or the person's initials when there is none (or it fails to load).
 * `alt` defaults to "Photo of {name}"; pass "" where the picture only decorates a labelled control.
 */
export function Avatar({ src, name, alt, className }: { src: string; name: string; alt?: string; className?: string }) {
  const { t } = useLingui();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cn("shrink-0 rounded-full", className);
  if (src && failedSrc !== src) {
    return <img src={src} alt={alt ?? t`Photo of ${name}`} className={cn(classes, "object-cover")} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span aria-hidden="true" className={cn(classes, "flex items-center justify-center bg-indigo-100 font-semibold text-indigo-700")}>
      {initials(name)}
    </span>
  );
}
