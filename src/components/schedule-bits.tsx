import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import { browserZone, formatDate, formatTime, zoneLabel } from "@/lib/zoned";

/** The signed-in person's zone: the account's, else the browser's. */
export function useMyZone(): string {
  const trpc = useTRPC();
  const zone = useQuery(trpc.scheduling.timeZone.queryOptions());
  return zone.data?.timeZone ?? browserZone();
}

/** A start time in the viewer's zone, with the other party's local time when their zone differs (both zones named). */
export function SlotTime({ start, zone, otherZone, otherLabel }: { start: string; zone: string; otherZone?: string | null; otherLabel?: string }) {
  const differs = otherZone && otherZone !== zone;
  return (
    <span className="grid">
      <span className="font-medium text-slate-900">
        <time dateTime={start}>
          {formatDate(start, zone)}, {formatTime(start, zone)}
        </time>
        {differs ? <span className="text-slate-600"> ({zoneLabel(zone, new Date(start))})</span> : null}
      </span>
      {differs ? (
        <span className="text-sm text-slate-600">
          {otherLabel ?? "Their time"}: {formatDate(start, otherZone)}, {formatTime(start, otherZone)} ({zoneLabel(otherZone, new Date(start))})
        </span>
      ) : null}
    </span>
  );
}
