import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { dateTime } from "@/platform/zoned";
import type { CancelledBooking } from "./types";

/** Who cancelled, as she reads it. */
function cancelledBy(byRole: string, mentorName: string): string {
  if (byRole === "mentee") return t`Cancelled by you`;
  if (byRole === "mentor") return t`Cancelled by ${mentorName}`;
  return t`Cancelled by MentorLink`;
}

/**
 * Her latest cancelled sessions, so none vanishes without a trace: when it would have been, with whom, who cancelled it
 * and the reason they gave. Drawn only when there is one.
 */
export function CancelledList({ items, zone }: { items: CancelledBooking[]; zone: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={t`Cancelled sessions`} className="grid gap-3">
      <h2 className="text-lg font-semibold text-slate-900">
        <Trans>Cancelled</Trans>
      </h2>
      <ul className="grid gap-2">
        {items.map((c) => {
          const mentorName = c.mentorName;
          const when = dateTime(c.start, zone);
          const reason = c.reason;
          return (
            <li key={`${c.bookingId}-${c.at}`} className="grid gap-0.5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <p className="font-medium text-slate-700 line-through decoration-slate-400">
                <Trans>
                  Session with {mentorName}, {when}
                </Trans>
              </p>
              <p className="text-slate-700">
                {cancelledBy(c.byRole, mentorName)}
                {reason ? <span className="break-words">: “{reason}”</span> : null}{" "}
                <span className="text-xs text-slate-500">({dateTime(c.at, zone)})</span>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
