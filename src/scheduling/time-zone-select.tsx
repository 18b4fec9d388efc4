import { forwardRef, memo, type SelectHTMLAttributes, startTransition, useEffect, useMemo, useState } from "react";
import { allZones, preferredZone, zoneLabel } from "@/platform/zoned";

/**
 * The IANA zones the browser knows (Intl.supportedValuesOf), each with its current offset, as a plain
 * select (keyboard and screen-reader friendly). The server validates the choice again (ADR 0013).
 */
export const TimeZoneSelect = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { current?: string | null; listAfterMount?: boolean }
>(function TimeZoneSelect({ current, listAfterMount, className, ...props }, ref) {
  // On a page the Worker draws, the runtime's zone list (workerd's ICU) may differ from the browser's: the first
  // render lists only the current zone, as the Worker drew it, and the browser's list follows once the page is its own.
  const [mounted, setMounted] = useState(!listAfterMount);
  // The whole list (some 400 zones, each with its offset) is rendered as a transition, one option at a time: on a slow
  // phone a single render of it was a long task of its own after the page was taken over.
  useEffect(() => startTransition(() => setMounted(true)), []);
  const zones = useMemo(() => {
    if (!mounted && current) return [current];
    // A stored zone by an old name ("Asia/Calcutta") is the option of today's name, keeping its value.
    const list = allZones().map((z) => (current && z === preferredZone(current) ? current : z));
    // A stored zone the browser does not list stays selectable.
    return current && !list.includes(current) ? [current, ...list] : list;
  }, [current, mounted]);
  const now = useMemo(() => new Date(), []);
  return (
    <select
      ref={ref}
      className={`h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className ?? ""}`}
      {...props}
    >
      {zones.map((z) => (
        <ZoneOption key={z} zone={z} now={now} />
      ))}
    </select>
  );
});

/** One zone with its offset now: a component of its own, so a render of the list yields between options. */
const ZoneOption = memo(function ZoneOption({ zone, now }: { zone: string; now: Date }) {
  return <option value={zone}>{zoneLabel(zone, now)}</option>;
});
