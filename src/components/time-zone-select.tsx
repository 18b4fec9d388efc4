import { forwardRef, useMemo, type SelectHTMLAttributes } from "react";
import { allZones, zoneLabel } from "@/lib/zoned";

/**
 * The IANA zones the browser knows (Intl.supportedValuesOf), each with its current offset, as a plain
 * select (keyboard and screen-reader friendly). The server validates the choice again (ADR 0013).
 */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { current?: string | null }>(function TimeZoneSelect({ current, className, ...props }, ref) {
  const zones = useMemo(() => {
    const list = allZones();
    // A stored zone the browser spells differently (or does not list) stays selectable.
    return current && !list.includes(current) ? [current, ...list] : list;
  }, [current]);
  const now = useMemo(() => new Date(), []);
  return (
    <select ref={ref} className={`h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className ?? ""}`} {...props}>
      {zones.map((z) => (
        <option key={z} value={z}>
          {zoneLabel(z, now)}
        </option>
      ))}
    </select>
  );
});
