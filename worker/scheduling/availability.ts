import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorAvailability, mentors } from "../../db/schema";
import { HORIZON_WEEKS, sortedRanges, type WeeklyRange } from "../../shared/weekly-hours";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { fail } from "../platform/domain-error";
import { type BookingRules, DEFAULT_RULES } from "./booking-rules";

/** What the mentor's scheduler shows of his availability (ADR 0023): weekly hours in their zone, and his booking rules. */
export type AvailabilityView = {
  weeklyHours: WeeklyRange[];
  /** The zone the weekly hours are in: the mentor's zone when he saved them (his account zone before that). */
  timeZone: string;
  noticeMinutes: number;
  bufferMinutes: number;
  dailyCap: number | null;
  horizonWeeks: number;
};

/** The mentor's account zone (the zone his weekly hours are saved in and his days of time off are read in). */
export async function mentorZone(db: Db, mentorId: string): Promise<string> {
  const [row] = await db.select({ zone: mentors.timeZone }).from(mentors).where(eq(mentors.id, mentorId)).limit(1);
  if (!row) fail("NOT_FOUND", "This mentor does not exist.");
  return mentorZoneOrDefault(row.zone);
}

export async function availabilityRow(db: Db, mentorId: string) {
  const [row] = await db.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId)).limit(1);
  return row;
}

export function availabilityView(row: { weeklyHours: WeeklyRange[]; timeZone: string } & BookingRules): AvailabilityView {
  return {
    weeklyHours: sortedRanges(row.weeklyHours),
    timeZone: row.timeZone,
    noticeMinutes: row.noticeMinutes,
    bufferMinutes: row.bufferMinutes,
    dailyCap: row.dailyCap,
    horizonWeeks: HORIZON_WEEKS,
  };
}

/** The mentor's availability; without a row: no weekly hours, his account zone and the default rules. */
export async function availabilityOf(db: Db, mentorId: string): Promise<AvailabilityView> {
  const row = await availabilityRow(db, mentorId);
  if (row) return availabilityView(row);
  return availabilityView({ weeklyHours: [], timeZone: await mentorZone(db, mentorId), ...DEFAULT_RULES });
}

/**
 * Saves the mentor's notice, buffer and daily cap (one upsert). A mentor without weekly hours gets a
 * row with none, in his zone. The booking statement reads the row, so the next booking obeys them.
 */
export async function setBookingRules(db: Db, mentorId: string, rules: BookingRules, now: Date): Promise<AvailabilityView> {
  const zone = await mentorZone(db, mentorId);
  await db
    .insert(mentorAvailability)
    .values({ mentorId, weeklyHours: [], timeZone: zone, ...rules, updatedAt: now })
    .onConflictDoUpdate({
      target: mentorAvailability.mentorId,
      set: { noticeMinutes: rules.noticeMinutes, bufferMinutes: rules.bufferMinutes, dailyCap: rules.dailyCap, updatedAt: now },
    });
  return availabilityOf(db, mentorId);
}
