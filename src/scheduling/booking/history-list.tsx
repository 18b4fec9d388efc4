import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { dateTime } from "@/platform/zoned";
import type { HistoryEvent } from "./types";

const who = (role: string) => (role === "mentee" ? t`you` : role === "mentor" ? t`your mentor` : "MentorLink");

/** One line of a booking's history, as she reads it: "Moved from <old time> by you" (at call time, in the reader's language). */
export function historyLine(e: HistoryEvent, zone: string): string {
  const by = who(e.byRole);
  const message = e.message;
  if (e.kind === "moved") {
    const from = e.fromStart ? dateTime(e.fromStart, zone) : t`another time`;
    if (e.toStart) {
      const to = dateTime(e.toStart, zone);
      return t`Moved from ${from} to ${to} by ${by}`;
    }
    return t`Moved from ${from} by ${by}`;
  }
  if (e.kind === "reschedule-requested")
    return message ? t`Your mentor asked to move this session: "${message}"` : t`Your mentor asked to move this session`;
  return message ? t`Cancelled by ${by}: "${message}"` : t`Cancelled by ${by}`;
}

/** A booking's history (moves, requests), read with her bookings: a card never asks for the history of a slot its booking just left. */
export function HistoryList({ events, zone }: { events: HistoryEvent[]; zone: string }) {
  if (events.length === 0) return null;
  return (
    <div className="grid gap-0.5">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        <Trans>History</Trans>
      </p>
      <ul className="grid gap-0.5 text-sm text-slate-700" aria-label={t`History`}>
        {events.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end; two changes may share a time
          <li key={`${e.at}-${i}`}>
            {historyLine(e, zone)} <span className="text-xs text-slate-500">({dateTime(e.at, zone)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
