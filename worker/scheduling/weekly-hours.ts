import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorAvailability, timeSlots } from "../../db/schema";
import { expandWeeklyHours, HORIZON_WEEKS, sortedRanges, type WeeklyRange } from "../../shared/weekly-hours";
import { SESSION_MS } from "../../shared/zoned-time";
import { type AvailabilityView, availabilityView, mentorZone } from "./availability";

/**
 * Weekly hours (ADR 0023): the mentor's recurring availability becomes ordinary open one-hour slots
 * (source 'hours') on a rolling horizon, so booking, the REST contract and the booking race stay as
 * they are. Every insert is conditional (no live slot of the mentor overlaps, no time off covers
 * it), backed by the partial unique index on (mentor, start), so two generations racing, or one
 * racing a manual publish or a new time off, never give two slots for one hour.
 */

const DAY = 24 * 60 * 60 * 1000;
export const HORIZON_MS = HORIZON_WEEKS * 7 * DAY;
/** Starts per insert statement (one JSON parameter each). */
const CHUNK = 200;

/** Which saved hours a generation belongs to: the cron inserts only while the mentor's saved hours are still these. */
type HoursGuard = { weeklyHours: WeeklyRange[]; timeZone: string };

/** The JSON the `weekly_hours` column holds for these ranges (drizzle's json mode writes JSON.stringify). */
const storedJson = (ranges: WeeklyRange[]) => JSON.stringify(ranges);

/** Insert statements (one per chunk, each returning the new ids) for open 'hours' slots at these starts. */
export function generationStatements(db: Db, mentorId: string, starts: number[], now: Date, guard?: HoursGuard) {
  const statements = [];
  const start = sql`json_extract(j.value, '$[1]')`;
  const still = guard
    ? sql`and exists (select 1 from mentor_availability a where a.mentor_id = ${mentorId} and a.weekly_hours = ${storedJson(guard.weeklyHours)} and a.time_zone = ${guard.timeZone})`
    : sql``;
  for (let i = 0; i < starts.length; i += CHUNK) {
    const rows = JSON.stringify(starts.slice(i, i + CHUNK).map((s) => [crypto.randomUUID(), s]));
    statements.push(
      db.run(sql`insert or ignore into time_slots (id, mentor_id, start_at, end_at, state, type, source, sequence, created_at)
        select json_extract(j.value, '$[0]'), ${mentorId}, ${start}, ${start} + ${SESSION_MS}, 'open', 'session', 'hours', 0, ${now.getTime()}
        from json_each(${rows}) j
        where not exists (select 1 from time_slots o where o.mentor_id = ${mentorId} and o.state <> 'deleted' and o.start_at < ${start} + ${SESSION_MS} and o.end_at > ${start})
          and not exists (select 1 from time_off t where t.mentor_id = ${mentorId} and t.start_at < ${start} + ${SESSION_MS} and t.end_at > ${start})
          ${still}
        returning id`),
    );
  }
  return statements;
}

/** The ids the generation statements' results name. */
export const insertedIds = (results: unknown[]) =>
  results.flatMap((r) => ((r as { rows?: { id?: unknown }[] }).rows ?? []).map((row) => String(row.id ?? Object.values(row)[0])));

/**
 * Saves the weekly hours in the mentor's current zone and regenerates, in ONE batch: the row, then
 * future open generated slots the new hours no longer give are deleted (booked and manual slots
 * stay; a generated slot the new hours still give keeps its id), then the missing slots of the next
 * 8 weeks are inserted. Returns how many slots were added and removed.
 */
export async function setWeeklyHours(
  db: Db,
  mentorId: string,
  ranges: WeeklyRange[],
  now: Date,
): Promise<{ availability: AvailabilityView; added: number; removed: number }> {
  const zone = await mentorZone(db, mentorId);
  const hours = sortedRanges(ranges).map(({ day, start, end }) => ({ day, start, end }));
  const until = new Date(now.getTime() + HORIZON_MS);
  const starts = expandWeeklyHours(hours, zone, now.getTime() + 1, until.getTime());
  const saved = { weeklyHours: hours, timeZone: zone, generatedUntil: until, updatedAt: now };
  const [[rules], removed, ...inserted] = await db.batch([
    db
      .insert(mentorAvailability)
      .values({ mentorId, ...saved })
      .onConflictDoUpdate({ target: mentorAvailability.mentorId, set: saved })
      .returning({
        noticeMinutes: mentorAvailability.noticeMinutes,
        bufferMinutes: mentorAvailability.bufferMinutes,
        dailyCap: mentorAvailability.dailyCap,
      }),
    db
      .update(timeSlots)
      .set({ state: "deleted" })
      .where(
        and(
          eq(timeSlots.mentorId, mentorId),
          eq(timeSlots.source, "hours"),
          eq(timeSlots.state, "open"),
          gt(timeSlots.startAt, now),
          sql`${timeSlots.startAt} not in (select value from json_each(${JSON.stringify(starts)}))`,
        ),
      )
      .returning({ id: timeSlots.id }),
    ...generationStatements(db, mentorId, starts, now),
  ]);
  return {
    availability: availabilityView({ weeklyHours: hours, timeZone: zone, ...rules }),
    added: insertedIds(inserted).length,
    removed: removed.length,
  };
}

/**
 * Generates the mentor's weekly-hours slots in [from, until) again (after a time off is removed):
 * only up to the generated horizon (the cron goes further), only while the hours are the ones read.
 * Returns the statements to run in the caller's batch, or none without hours.
 */
export async function regenerationFor(db: Db, mentorId: string, from: Date, until: Date, now: Date) {
  const [row] = await db.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId)).limit(1);
  if (!row || row.weeklyHours.length === 0) return [];
  const end = Math.min(until.getTime(), row.generatedUntil?.getTime() ?? now.getTime() + HORIZON_MS);
  const starts = expandWeeklyHours(row.weeklyHours, row.timeZone, Math.max(from.getTime(), now.getTime() + 1), end);
  return generationStatements(db, mentorId, starts, now, row);
}

/**
 * The cron (ADR 0023): for each mentor with weekly hours whose slots run out within 8 weeks less a
 * day, generates the days between the last generated instant and now + 8 weeks, and moves the mark.
 * Idempotent, and safe when two runs overlap or a run races a save of the hours: each insert is
 * conditional on no overlap and on the hours still being the ones read, and the mark only moves forward.
 */
export async function extendWeeklyHours(db: Db, now: Date): Promise<{ mentors: number; added: number }> {
  const until = now.getTime() + HORIZON_MS;
  const due = await db
    .select()
    .from(mentorAvailability)
    .where(
      and(
        sql`${mentorAvailability.weeklyHours} <> '[]'`,
        or(isNull(mentorAvailability.generatedUntil), lt(mentorAvailability.generatedUntil, new Date(until - DAY))),
      ),
    );
  let added = 0;
  for (const row of due) {
    const from = Math.max(row.generatedUntil?.getTime() ?? 0, now.getTime() + 1);
    const starts = expandWeeklyHours(row.weeklyHours, row.timeZone, from, until);
    const results = await db.batch([
      db
        .update(mentorAvailability)
        .set({ generatedUntil: new Date(until) })
        .where(
          and(
            eq(mentorAvailability.mentorId, row.mentorId),
            sql`${mentorAvailability.weeklyHours} = ${storedJson(row.weeklyHours)}`,
            eq(mentorAvailability.timeZone, row.timeZone),
            or(isNull(mentorAvailability.generatedUntil), lt(mentorAvailability.generatedUntil, new Date(until))),
          ),
        ),
      ...generationStatements(db, row.mentorId, starts, now, row),
    ]);
    added += insertedIds(results.slice(1)).length;
  }
  return { mentors: due.length, added };
}
