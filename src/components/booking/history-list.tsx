import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import { dateTime } from "@/lib/zoned";
import type { HistoryEvent } from "./types";

const who = (role: string) => (role === "mentee" ? "you" : role === "mentor" ? "your mentor" : "MentorLink");

/** One line of a booking's history, as she reads it: "Moved from <old time> by you". */
export function historyLine(e: HistoryEvent, zone: string): string {
  if (e.kind === "moved") return `Moved from ${e.fromStart ? dateTime(e.fromStart, zone) : "another time"}${e.toStart ? ` to ${dateTime(e.toStart, zone)}` : ""} by ${who(e.byRole)}`;
  if (e.kind === "reschedule-requested") return `Your mentor asked to move this session${e.message ? `: "${e.message}"` : ""}`;
  return `Cancelled by ${who(e.byRole)}${e.message ? `: "${e.message}"` : ""}`;
}

/** A booking's history (moves, requests), fetched for the card that has any. */
export function HistoryList({ slotId, zone }: { slotId: string; zone: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.scheduling.bookingHistory.queryOptions({ slotId }));
  if (history.isPending) return <p className="text-xs text-slate-500">Loading history…</p>;
  if (history.isError) return <p className="text-xs text-slate-500">History could not be loaded.</p>;
  if (history.data.length === 0) return null;
  return (
    <div className="grid gap-0.5">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">History</p>
      <ul className="grid gap-0.5 text-sm text-slate-700" aria-label="History">
        {history.data.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            {historyLine(e, zone)} <span className="text-xs text-slate-500">({dateTime(e.at, zone)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
