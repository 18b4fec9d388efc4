import { type SQL, sql } from "drizzle-orm";

/**
 * A person's attendance record over a recent window (ADR 0026), for the moderators' lists: sessions
 * completed, sessions they missed (their own no-shows, and those nobody came to), cancellations less
 * than 24 hours before the start, and reschedules they asked for or made. Correlated subqueries on
 * the list's own table (`mentees` or `mentors`, named in full: drizzle leaves a lone table's columns
 * unqualified, which inside a subquery would name the subquery's own id), so the list stays one read.
 */
export const RECORD_DAYS = 90;
const DAY = 24 * 60 * 60 * 1000;

export type AttendanceRecord = { completed: number; noShows: number; lateCancels: number; reschedules: number };

export function attendanceRecordColumns(role: "mentee" | "mentor", now: Date): Record<keyof AttendanceRecord, SQL<number>> {
  const id = sql.raw(role === "mentee" ? `"mentees"."id"` : `"mentors"."id"`);
  const since = now.getTime() - RECORD_DAYS * DAY;
  const who = sql.raw(role === "mentee" ? "mentee_id" : "mentor_id");
  const missed = role === "mentee" ? "mentee_no_show" : "mentor_no_show";
  const moves = role === "mentee" ? sql`b.kind = 'moved'` : sql`b.kind in ('moved', 'reschedule-requested')`;
  return {
    completed: sql<number>`(select count(*) from time_slots s where s.${who} = ${id} and s.state = 'booked' and s.outcome = 'completed' and s.start_at >= ${since})`,
    noShows: sql<number>`(select count(*) from time_slots s where s.${who} = ${id} and s.state = 'booked' and s.outcome in (${missed}, 'both_no_show') and s.start_at >= ${since})`,
    lateCancels: sql<number>`(select count(*) from booking_events b where b.${who} = ${id} and b.kind = 'cancelled' and b.by_role = ${role} and b.from_start - b.created_at < ${DAY} and b.created_at >= ${since})`,
    reschedules: sql<number>`(select count(*) from booking_events b where b.${who} = ${id} and ${moves} and b.by_role = ${role} and b.created_at >= ${since})`,
  };
}

/** The record as numbers (libSQL may hand counts back as bigints or strings). */
export const recordOf = (r: Record<keyof AttendanceRecord, unknown>): AttendanceRecord => ({
  completed: Number(r.completed),
  noShows: Number(r.noShows),
  lateCancels: Number(r.lateCancels),
  reschedules: Number(r.reschedules),
});
