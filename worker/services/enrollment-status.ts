import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments } from "../../db/schema";

/** A paid subscription whose period has not ended. */
export async function isEnrollmentActive(db: Db, menteeId: string, mentorId: string, now = new Date()): Promise<boolean> {
  const row = await db.query.enrollments.findFirst({
    where: and(
      eq(enrollments.menteeId, menteeId),
      eq(enrollments.mentorId, mentorId),
      eq(enrollments.status, "active"),
      or(isNull(enrollments.currentPeriodEnd), gt(enrollments.currentPeriodEnd, now)),
    ),
    columns: { id: true },
  });
  return Boolean(row);
}

/** Has the mentee ever paid for this mentor (active, cancelled or expired)? Reviews need it. */
export async function hasEverEnrolled(db: Db, menteeId: string, mentorId: string): Promise<boolean> {
  const row = await db.query.enrollments.findFirst({
    where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), inArray(enrollments.status, ["active", "canceled", "expired"])),
    columns: { id: true },
  });
  return Boolean(row);
}
