import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions, timeSlots } from "../../db/schema";

/**
 * In SQL, for a booking's own statement: neither the mentee nor the slot's mentor is leaving. A booking racing a
 * deletion either commits first (the deletion then finds and cancels it) or matches nothing (ADR 0042).
 */
export const nobodyLeaving = (menteeId: string) =>
  sql`not exists (select 1 from account_deletions d where d.state in ('pending', 'paused') and ((d.user_role = 'mentee' and d.user_id = ${menteeId}) or (d.user_role = 'mentor' and d.user_id = ${timeSlots.mentorId})))`;

export const MENTOR_LEAVING = "This mentor is leaving MentorLink and takes no new bookings.";

/** Whether the mentor asked to delete his account (a booking refused by `nobodyLeaving` is told why). */
export async function mentorLeaving(db: Db, mentorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(
      and(
        eq(accountDeletions.userRole, "mentor"),
        eq(accountDeletions.userId, mentorId),
        inArray(accountDeletions.state, ["pending", "paused"]),
      ),
    )
    .limit(1);
  return Boolean(row);
}
