import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { expandWeeklyHours, HORIZON_WEEKS, type WeeklyRange } from "../shared/weekly-hours";
import { addDays, dayKey, mentorZoneOrDefault, SESSION_MS, zonedInstant } from "../shared/zoned-time";
import type { Db } from "./client";
import { mentorAvailability, mentors, timeOff } from "./schema";

const DAY = 24 * 60 * 60 * 1000;

/** The demo mentor's weekly hours (ADR 0023): Tuesday and Thursday evenings, Saturday morning, in her zone. */
export const DEMO_WEEKLY_HOURS: WeeklyRange[] = [
  { day: 2, start: "18:00", end: "21:00" },
  { day: 4, start: "18:00", end: "21:00" },
  { day: 6, start: "10:00", end: "13:00" },
];

/**
 * The demo mentor's weekly hours (rules left at their defaults), one week of time off about three
 * weeks ahead, and the open slots the hours give over the next 8 weeks, so the scheduler's "Weekly
 * hours" and "Time off" screens have data. Idempotent: the row and the time off are written once;
 * each run adds only the slots missing up to 8 weeks ahead (never over another slot or the time off),
 * as the cron would (worker/scheduling/weekly-hours.ts).
 */
export async function seedAvailabilityDemo(db: Db, mentorId: string, now = Date.now()): Promise<void> {
  const [mentor] = await db.select({ zone: mentors.timeZone }).from(mentors).where(eq(mentors.id, mentorId));
  const zone = mentorZoneOrDefault(mentor?.zone);
  await db
    .insert(mentorAvailability)
    .values({ mentorId, weeklyHours: DEMO_WEEKLY_HOURS, timeZone: zone, updatedAt: new Date(now) })
    .onConflictDoNothing();
  const [row] = await db.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId));
  if (!row) return;

  const anyTimeOff = await db.query.timeOff.findFirst({ where: eq(timeOff.mentorId, mentorId), columns: { id: true } });
  if (!anyTimeOff) {
    const today = dayKey(now, zone);
    const firstDay = addDays(today, 21);
    const lastDay = addDays(today, 27);
    const after = addDays(today, 28);
    await db.insert(timeOff).values({
      mentorId,
      firstDay,
      lastDay,
      startAt: zonedInstant(firstDay, "00:00", zone),
      endAt: zonedInstant(after, "00:00", zone),
      note: "Conference and a few days off",
      createdAt: new Date(now),
    });
  }

  const until = now + HORIZON_WEEKS * 7 * DAY;
  const from = Math.max(row.generatedUntil?.getTime() ?? 0, now + 1);
  const starts = expandWeeklyHours(row.weeklyHours, row.timeZone, from, until);
  const rows = JSON.stringify(starts.map((s) => [crypto.randomUUID(), s]));
  const start = sql`json_extract(j.value, '$[1]')`;
  await db.batch([
    db.run(sql`insert or ignore into time_slots (id, mentor_id, start_at, end_at, state, type, source, sequence, created_at)
      select json_extract(j.value, '$[0]'), ${mentorId}, ${start}, ${start} + ${SESSION_MS}, 'open', 'session', 'hours', 0, ${now}
      from json_each(${rows}) j
      where not exists (select 1 from time_slots o where o.mentor_id = ${mentorId} and o.state <> 'deleted' and o.start_at < ${start} + ${SESSION_MS} and o.end_at > ${start})
        and not exists (select 1 from time_off t where t.mentor_id = ${mentorId} and t.start_at < ${start} + ${SESSION_MS} and t.end_at > ${start})`),
    db
      .update(mentorAvailability)
      .set({ generatedUntil: new Date(until) })
      .where(
        and(
          eq(mentorAvailability.mentorId, mentorId),
          or(isNull(mentorAvailability.generatedUntil), lt(mentorAvailability.generatedUntil, new Date(until))),
        ),
      ),
  ]);
}
