import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments } from "../../db/schema";
import { countPerDay, readFrom } from "./count-per-day";

/**
 * New enrollments per day: a subscription counts on the day it was first paid for (`activatedAt`),
 * whatever became of it since, so a later cancellation or expiry does not rewrite past days. All of
 * them (the moderator's home) or one mentor's (her dashboard), by the same rule.
 */
export async function enrollmentsPerDay(db: Db, timeZone: string, now: Date, mentorId?: string) {
  return countPerDay(await enrollmentStarts(db, now, mentorId), timeZone, now);
}

/** When each subscription within the charts' window was first paid for; the zone is not needed to read them (a caller may read it beside). */
export async function enrollmentStarts(db: Db, now: Date, mentorId?: string): Promise<Date[]> {
  const rows = await db
    .select({ at: enrollments.activatedAt })
    .from(enrollments)
    .where(and(gte(enrollments.activatedAt, readFrom(now)), mentorId === undefined ? undefined : eq(enrollments.mentorId, mentorId)));
  return rows.map((r) => r.at!);
}
