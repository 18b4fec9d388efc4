import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings } from "../../db/schema";
import { countPerDay, readFrom } from "./count-per-day";

/**
 * New enrollments per day of every mentor (the moderator's home): the same payments the mentors' dashboards and
 * Earnings count (`newEnrollmentPayments`), so the platform's chart is the sum of theirs.
 */
export async function enrollmentsPerDay(db: Db, timeZone: string, now: Date) {
  return countPerDay(await newEnrollmentPayments(db, now), timeZone, now);
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

/** The new enrollments since the charts' window began, of one mentor (or of all without one): when each was paid. */
export async function newEnrollmentPayments(db: Db, now: Date, mentorId?: string): Promise<Date[]> {
  const rows = await db
    .select({ at: earnings.paidAt })
    .from(earnings)
    .where(
      and(
        mentorId === undefined ? undefined : eq(earnings.mentorId, mentorId),
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
