import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "@/platform/api-types";

export type AttendanceRecord = RouterOutputs["moderation"]["mentors"]["items"][number]["attendance"];

/** No-shows from this many in 90 days mark a repeat offender for the moderator. */
export const REPEAT_NO_SHOWS = 2;

/** A person's 90-day attendance record on the moderators' lists (ADR 0026), flagged when they keep missing sessions. */
export function AttendanceRecordLine({ record: r }: { record: AttendanceRecord }) {
  const { t } = useLingui();
  const repeat = r.noShows >= REPEAT_NO_SHOWS;
  const completed = r.completed;
  return (
    <p
      role="group"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600"
      aria-label={t`Attendance in the last 90 days`}
    >
      <span className="font-medium text-slate-700">
        <Trans>Last 90 days:</Trans>
      </span>
      <span>
        <Trans>{completed} completed</Trans>
      </span>
      <span className={repeat ? "rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800" : undefined}>
        <Plural value={r.noShows} one="# no-show" other="# no-shows" />
        {repeat ? ` · ${t`repeated`}` : ""}
      </span>
      <span>
        <Plural value={r.lateCancels} one="# late cancel" other="# late cancels" />
      </span>
      <span>
        <Plural value={r.reschedules} one="# reschedule" other="# reschedules" />
      </span>
    </p>
  );
}
