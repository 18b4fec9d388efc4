import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { WaitUntil } from "../../platform/deps";
import type { Env } from "../../platform/env";
import { sendJobs } from "../../platform/queues";

/**
 * What a booking change does for the mentor's own calendar (ADR 0040), apart from the work itself
 * (session-events.ts), so scheduling depends on these two small steps only.
 */

/** The mark statements made here, so the batch's result of one can be found among the change's statements. */
const marks = new WeakSet<object>();

/**
 * Marks the booking's event to be written (one conditional statement, placed after the change in its batch): when
 * the booking now stands and the mentor has a calendar for sessions, or when an event was written for it before.
 * It returns the row it wrote: none for a mentor without a calendar for sessions, and then nothing is queued.
 */
export function sessionEventMark(db: Db, bookingId: string | null, mentorId: string, now: Date) {
  const statement = db.all<{
    booking_id: string;
  }>(sql`insert into calendar_session_events (booking_id, mentor_id, version, written_version, attempts, updated_at)
    select ${bookingId ?? ""}, ${mentorId}, 1, 0, 0, ${now.getTime()}
    where ${bookingId} is not null and ((exists (select 1 from calendar_sources s where s.mentor_id = ${mentorId} and s.writes_sessions = 1)
        and exists (select 1 from time_slots t where t.booking_id = ${bookingId ?? ""} and t.state = 'booked'))
      or exists (select 1 from calendar_session_events e where e.booking_id = ${bookingId ?? ""}))
    on conflict (booking_id) do update set version = version + 1, attempts = 0, queued_at = null, updated_at = excluded.updated_at
    returning booking_id`);
  marks.add(statement);
  return statement;
}

/** A change's batch: its statements and what each answered, in the same order. */
export type CommittedBatch = { statements: readonly unknown[]; results: readonly unknown[] };

/** Whether the batch's mark wrote its row (the change is one the mentor's calendar follows). */
export function sessionEventMarked(batch: CommittedBatch): boolean {
  const at = batch.statements.findIndex((statement) => typeof statement === "object" && statement !== null && marks.has(statement));
  const rows = at < 0 ? undefined : batch.results[at];
  return Array.isArray(rows) && rows.length > 0;
}

/**
 * After the commit: hands the booking's event to the queue, when the change's batch marked it. A mentor without a
 * calendar for sessions gets no message (most mentors: a booking change costs no queue message for them).
 */
export function writeSessionEventSoon(env: Env, waitUntil: WaitUntil, bookingId: string | null | undefined, batch: CommittedBatch): void {
  if (!bookingId || !sessionEventMarked(batch)) return;
  waitUntil(
    sendJobs(env.CALENDAR_SYNC, [{ kind: "calendar-session" as const, bookingId }]).catch((error: unknown) =>
      console.error("calendar session event not queued (the minute sweep hands it on)", error),
    ),
  );
}
