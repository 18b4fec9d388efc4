import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments } from "../../db/schema";
import { RENEWAL_GRACE_MS } from "../../shared/plan";

/**
 * The access rule, as SQL: an active subscription whose paid period has not ended. A renewing one
 * (not set to end, no failed payment) keeps access for a grace day while Stripe collects the renewal.
 */
export function grantsAccess(now: Date): SQL {
  return and(
    eq(enrollments.status, "active"),
    or(
      isNull(enrollments.currentPeriodEnd),
      gt(enrollments.currentPeriodEnd, now),
      and(
        eq(enrollments.cancelAtPeriodEnd, false),
        isNull(enrollments.paymentFailedAt),
        gt(enrollments.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
      ),
    ),
  )!;
}

/** The same rule for a row already read. */
export function rowGrantsAccess(
  row: Pick<typeof enrollments.$inferSelect, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "paymentFailedAt">,
  now: Date,
): boolean {
  if (row.status !== "active") return false;
  if (!row.currentPeriodEnd) return true;
  const end = row.currentPeriodEnd.getTime();
  if (end > now.getTime()) return true;
  return !row.cancelAtPeriodEnd && !row.paymentFailedAt && end > now.getTime() - RENEWAL_GRACE_MS;
}

/** A paid subscription whose period has not ended. */
export async function isEnrollmentActive(db: Db, menteeId: string, mentorId: string, now: Date): Promise<boolean> {
  const row = await db.query.enrollments.findFirst({
    where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), grantsAccess(now)),
    columns: { id: true },
  });
  return Boolean(row);
}

/** The pair's latest enrollment (any status), or undefined. */
export async function latestEnrollment(db: Db, menteeId: string, mentorId: string) {
  return db.query.enrollments.findFirst({
    where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)),
    orderBy: [sql`case when ${enrollments.status} = 'active' then 0 else 1 end`, desc(enrollments.createdAt)],
  });
}

/** The statuses of an enrollment that was paid for at some point (active, cancelled or expired). */
export const EVER_PAID_STATUSES = ["active", "canceled", "expired"] as const;

/** Has the mentee ever paid for this mentor? Reviews need it. */
export async function hasEverEnrolled(db: Db, menteeId: string, mentorId: string): Promise<boolean> {
  const row = await db.query.enrollments.findFirst({
    where: and(
      eq(enrollments.menteeId, menteeId),
      eq(enrollments.mentorId, mentorId),
      inArray(enrollments.status, [...EVER_PAID_STATUSES]),
    ),
    columns: { id: true },
  });
  return Boolean(row);
}
