import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions } from "../../db/schema";
import { auditIfChanged } from "../moderation/audit";
import { fail } from "../platform/domain-error";

export const NOT_IN_PROGRESS = "This deletion is no longer in progress (restored or already erased).";

/**
 * A moderator holds a deletion in progress (a complaint is open against the person, and erasing her would erase the
 * evidence) or releases it; the change and its audit entry commit together, and a second, concurrent hold records
 * nothing. A held deletion is never erased; released after its grace period, it is erased on the next run.
 */
export async function holdDeletion(db: Db, moderatorId: string, input: { deletionId: string; hold: boolean; reason: string }, now: Date) {
  const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.id, input.deletionId));
  if (!row || (row.state !== "pending" && row.state !== "paused")) fail("NOT_FOUND", NOT_IN_PROGRESS);
  const [from, to] = input.hold ? (["pending", "paused"] as const) : (["paused", "pending"] as const);
  const [changed] = await db.batch([
    db
      .update(accountDeletions)
      .set({ state: to, pausedAt: input.hold ? now : null, pausedBy: input.hold ? moderatorId : null })
      .where(and(eq(accountDeletions.id, row.id), eq(accountDeletions.state, from)))
      .returning({ id: accountDeletions.id }),
    auditIfChanged(
      db,
      {
        moderatorId,
        action: input.hold ? "pause_account_deletion" : "resume_account_deletion",
        targetRole: row.userRole,
        targetId: row.userId,
        reason: input.reason,
        details: { deletionId: row.id },
      },
      now,
    ),
  ]);
  return { changed: changed.length === 1, state: to };
}
