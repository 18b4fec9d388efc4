import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, enrollments } from "../../db/schema";
import { countPerDay, readFrom } from "./count-per-day";

/**
 * New enrollments per day: a subscription counts on the day it was first paid for (`activatedAt`),
 * whatever became of it since, so a later cancellation or expiry does not rewrite past days. All of
 * them (the moderator's home).
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

/**
 * A mentor's new enrollment, as his dashboard counts it and his Earnings page says: the first paid
 * invoice of a subscription (its first paid month), from his ledger (ADR 0024), on the day it was
 * paid. A renewal (a later invoice of the same subscription) is not one, nor a first payment refunded
 * in full (the mentee got it all back). One definition, so the dashboard's count and the payments
 * Earnings marks "New subscription" are the same payments.
 */
export const isFirstPayment = sql`not exists (select 1 from earnings as earlier where earlier.enrollment_id = ${earnings.enrollmentId}
  and (earlier.paid_at < ${earnings.paidAt} or (earlier.paid_at = ${earnings.paidAt} and earlier.id < ${earnings.id})))`;

/** The mentor's new enrollments since the charts' window began: when each was paid. */
export async function newEnrollmentPayments(db: Db, now: Date, mentorId: string): Promise<Date[]> {
  const rows = await db
    .select({ at: earnings.paidAt })
    .from(earnings)
    .where(
      and(
        eq(earnings.mentorId, mentorId),
        gte(earnings.paidAt, readFrom(now)),
        lt(earnings.refundedPaise, earnings.grossPaise),
        isFirstPayment,
      ),
    );
  return rows.map((r) => r.at);
}

/** Which of these payments started their subscription (the rest are renewals): the first paid invoice of each enrollment. */
export async function firstPaymentIds(db: Db, enrollmentIds: string[]): Promise<Set<string>> {
  if (enrollmentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: earnings.id, enrollmentId: earnings.enrollmentId })
    .from(earnings)
    .where(inArray(earnings.enrollmentId, [...new Set(enrollmentIds)]))
    .orderBy(asc(earnings.paidAt), asc(earnings.id));
  const seen = new Set<string>();
  const firsts = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.enrollmentId)) continue;
    seen.add(r.enrollmentId);
    firsts.add(r.id);
  }
  return firsts;
}

/** The mentor's new enrollments per day of his zone over the last 30 days, oldest first (his dashboard; the total is on his Earnings). */
export async function mentorEnrollmentsPerDay(db: Db, mentorId: string, zone: string, now: Date) {
  return countPerDay(await newEnrollmentPayments(db, now, mentorId), zone, now);
}
