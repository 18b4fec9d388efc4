import type { RouterOutputs } from "@/lib/api-types";
import { dayjs } from "../../../shared/zoned-time";

type HistoryEntry = RouterOutputs["scheduling"]["bookingHistory"][number];

const who = (role: string) => (role === "mentor" ? "you" : role === "mentee" ? "the mentee" : "a moderator");
const at = (instant: string, zone: string) => dayjs(instant).tz(zone).format("ddd, MMM D, h:mm a");

function sentence(e: HistoryEntry, zone: string): string {
  const note = e.message ? `: “${e.message}”` : "";
  if (e.kind === "moved") return `Moved from ${at(e.fromStart, zone)}${e.toStart ? ` to ${at(e.toStart, zone)}` : ""} by ${who(e.byRole)}${note}`;
  if (e.kind === "reschedule-requested") return `${e.byRole === "mentor" ? "You asked" : "Asked"} to reschedule${note}`;
  return `Cancelled by ${who(e.byRole)}${note}`;
}

/** The booking's history in the slot's details: "moved from … by …", requests to reschedule (newest first). */
export function SlotHistory({ history, zone }: { history: { status: "pending" | "error" | "success"; data?: HistoryEntry[] }; zone: string }) {
  if (history.status === "pending") return <p className="text-sm text-slate-500">Loading the booking's history…</p>;
  if (history.status === "error" || !history.data) return <p className="text-sm text-slate-600">The booking's history could not be loaded.</p>;
  return (
    <section aria-label="Booking history" className="grid gap-1 text-sm">
      <h3 className="font-medium text-slate-900">History</h3>
      {history.data.length === 0 ? (
        <p className="text-slate-600">Booked; not moved.</p>
      ) : (
        <ol className="grid gap-1 text-slate-700">
          {history.data.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at} className="text-slate-500">
                {at(e.at, zone)}
              </time>{" "}
              {sentence(e, zone)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
