import type { RouterOutputs } from "@/lib/api-types";

export type AttendanceRecord = RouterOutputs["moderation"]["mentors"]["items"][number]["attendance"];

/** No-shows from this many in 90 days mark a repeat offender for the moderator. */
export const REPEAT_NO_SHOWS = 2;

/** A person's 90-day attendance record on the moderators' lists (issue 26), flagged when they keep missing sessions. */
export function AttendanceRecordLine({ record: r }: { record: AttendanceRecord }) {
  const repeat = r.noShows >= REPEAT_NO_SHOWS;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600" aria-label="Attendance in the last 90 days">
      <span className="font-medium text-slate-700">Last 90 days:</span>
      <span>{r.completed} completed</span>
      <span className={repeat ? "rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800" : undefined}>
        {r.noShows} {r.noShows === 1 ? "no-show" : "no-shows"}
        {repeat ? " · repeated" : ""}
      </span>
      <span>
        {r.lateCancels} late {r.lateCancels === 1 ? "cancel" : "cancels"}
      </span>
      <span>
        {r.reschedules} {r.reschedules === 1 ? "reschedule" : "reschedules"}
      </span>
    </p>
  );
}
