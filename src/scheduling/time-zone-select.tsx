import { forwardRef, type SelectHTMLAttributes, useMemo } from "react";
import { allZones, preferredZone, zoneLabel } from "@/platform/zoned";

/**
 * The IANA zones the browser knows (Intl.supportedValuesOf), each with its current offset, as a plain
 * select (keyboard and screen-reader friendly). The server validates the choice again (ADR 0013).
 */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { current?: string | null }>(
  function TimeZoneSelect({ current, className, ...props }, ref) {
    const zones = useMemo(() => {
      // A stored zone by an old name ("Asia/Calcutta") is the option of today's name, keeping its value.
      const list = allZones().map((z) => (current && z === preferredZone(current) ? current : z));
      // A stored zone the browser does not list stays selectable.
      return current && !list.includes(current) ? [current, ...list] : list;
    }, [current]);
    const now = useMemo(() => new Date(), []);
    return (
      <select
        ref={ref}
        className={`h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className ?? ""}`}
        {...props}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {zoneLabel(z, now)}
          </option>
        ))}
      </select>
    );
  },
);
