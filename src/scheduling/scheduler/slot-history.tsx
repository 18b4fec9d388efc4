import { Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "@/platform/api-types";
import { formatIn, WEEKDAY_DATE_TIME } from "../../../shared/zoned-time";

type HistoryEntry = RouterOutputs["scheduling"]["bookingHistory"][number];

const at = (instant: string, zone: string) => formatIn(instant, "ddd, MMM D, h:mm a", WEEKDAY_DATE_TIME, zone);

/** The booking's history in the slot's details: "moved from … by …", requests to reschedule (newest first). */
export function SlotHistory({
  history,
  zone,
}: {
  history: { status: "pending" | "error" | "success"; data?: HistoryEntry[] };
  zone: string;
}) {
  const { t } = useLingui();
  const who = (role: string) => (role === "mentor" ? t`you` : role === "mentee" ? t`the mentee` : t`a moderator`);
  const sentence = (e: HistoryEntry): string => {
    const note = e.message ? `: “${e.message}”` : "";
    if (e.kind === "moved") {
      const from = at(e.fromStart, zone);
      const by = who(e.byRole);
      const to = e.toStart ? at(e.toStart, zone) : null;
      return (to ? t`Moved from ${from} to ${to} by ${by}` : t`Moved from ${from} by ${by}`) + note;
    }
    if (e.kind === "reschedule-requested") return (e.byRole === "mentor" ? t`You asked to reschedule` : t`Asked to reschedule`) + note;
    const by = who(e.byRole);
    return t`Cancelled by ${by}` + note;
  };
  if (history.status === "pending") return <p className="text-sm text-slate-500">{t`Loading the booking's history…`}</p>;
  if (history.status === "error" || !history.data)
    return <p className="text-sm text-slate-600">{t`The booking's history could not be loaded.`}</p>;
  return (
    <section aria-label={t`Booking history`} className="grid gap-1 text-sm">
      <h3 className="font-medium text-slate-900">
        <Trans>History</Trans>
      </h3>
      {history.data.length === 0 ? (
        <p className="text-slate-600">
          <Trans>Booked; not moved.</Trans>
        </p>
      ) : (
        <ol className="grid gap-1 text-slate-700">
          {history.data.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end, and two moves may share a time
            <li key={i}>
              <time dateTime={e.at} className="text-slate-500">
                {at(e.at, zone)}
              </time>{" "}
              {sentence(e)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
