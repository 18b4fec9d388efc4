import { type AnyColumn, and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions, timeSlots } from "../../db/schema";

/**
 * In SQL, for a booking's own statement: neither the mentee nor the slot's mentor is leaving. A booking racing a
 * deletion either commits first (the deletion then finds and cancels it) or matches nothing (ADR 0042).
 */
export const nobodyLeaving = (menteeId: string) =>
  sql`not exists (select 1 from account_deletions d where d.state in ('pending', 'paused') and ((d.user_role = 'mentee' and d.user_id = ${menteeId}) or (d.user_role = 'mentor' and d.user_id = ${timeSlots.mentorId})))`;

/** The end of the address an erased account keeps: `.invalid` is never delivered, so no mail is written to it. */
export const ERASED_ADDRESS_DOMAIN = "@deleted.invalid";

export const MENTOR_LEAVING = "This mentor is leaving MentorLink and takes no new bookings.";
export const MENTOR_LEAVING_SUBSCRIPTIONS = "This mentor is leaving MentorLink and takes no new subscribers.";

/**
 * In SQL: the mentor whose id is `mentorId` has no deletion in progress. Search, the browse listing and a mentee's
 * suggestions show only such mentors (ADR 0042): a leaving mentor takes nobody new, and a sign-in that restores his
 * account brings him back at once. One probe of account_deletions_user_idx per mentor.
 */
export const mentorStaying = (mentorId: SQL | AnyColumn) =>
  sql`not exists (select 1 from account_deletions d where d.user_role = 'mentor' and d.user_id = ${mentorId} and d.state in ('pending', 'paused'))`;

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
