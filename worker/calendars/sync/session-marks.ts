import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { WaitUntil } from "../../platform/deps";
import type { Env } from "../../platform/env";
import { sendJobs } from "../../platform/queues";

/**
 * What a booking change does for the mentor's own calendar (ADR 0040), apart from the work itself
 * (session-events.ts), so scheduling depends on these two small steps only.
 */

/**
 * Marks the booking's event to be written (one conditional statement, placed after the change in its batch): when
 * the booking now stands and the mentor has a calendar for sessions, or when an event was written for it before.
 */
export function sessionEventMark(db: Db, bookingId: string | null, mentorId: string, now: Date) {
  return db.run(sql`insert into calendar_session_events (booking_id, mentor_id, version, written_version, attempts, updated_at)
    select ${bookingId ?? ""}, ${mentorId}, 1, 0, 0, ${now.getTime()}
    where ${bookingId} is not null and ((exists (select 1 from calendar_sources s where s.mentor_id = ${mentorId} and s.writes_sessions = 1)
        and exists (select 1 from time_slots t where t.booking_id = ${bookingId ?? ""} and t.state = 'booked'))
      or exists (select 1 from calendar_session_events e where e.booking_id = ${bookingId ?? ""}))
    on conflict (booking_id) do update set version = version + 1, attempts = 0, queued_at = null, updated_at = excluded.updated_at`);
}

/** After the commit: hands the booking's event to the queue (a no-op message when the mentor writes none). */
export function writeSessionEventSoon(env: Env, waitUntil: WaitUntil, bookingId: string | null | undefined): void {
  if (!bookingId) return;
  waitUntil(
    sendJobs(env.CALENDAR_SYNC, [{ kind: "calendar-session" as const, bookingId }]).catch((error: unknown) =>
      console.error("calendar session event not queued (the minute sweep hands it on)", error),
    ),
  );
}
