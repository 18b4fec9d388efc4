import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant, role } from "./columns";

/**
 * pending: asked for, erased once `eraseAfter` passes. paused: held by a moderator (a complaint is open against the
 * person); erased only once resumed. restored: she signed in within the grace period. erased: done (ADR 0042).
 */
export const accountDeletionStates = ["pending", "paused", "restored", "erased"] as const;
export type AccountDeletionState = (typeof accountDeletionStates)[number];

/** A person's request to delete her account, its grace period and its erasure (ADR 0042). */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    id: id(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    state: text("state", { enum: accountDeletionStates }).notNull().default("pending"),
    /** "Deleted user" and this short stable id name her to the people who shared history with her, once erased. */
    pseudonym: text("pseudonym").notNull(),
    requestedAt: instant("requested_at").notNull(),
    /** The end of the 14-day grace period: the background work erases the account after it. */
    eraseAfter: instant("erase_after").notNull(),
    pausedAt: instant("paused_at"),
    pausedBy: text("paused_by"),
    restoredAt: instant("restored_at"),
    erasedAt: instant("erased_at"),
    /** The app's address she asked from: the mails of a session the erasure still cancels link back to it. */
    origin: text("origin").notNull(),
    /** A mentor asked the deletion to cancel his sessions of the next 7 days for him. */
    cancelledForHim: flag("cancelled_for_him"),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_deletions_user_idx").on(t.userRole, t.userId),
    index("account_deletions_due_idx").on(t.state, t.eraseAfter),
    // One deletion in progress per person: asking twice, or twice at once, finds the same one.
    uniqueIndex("account_deletions_one_open").on(t.userRole, t.userId).where(sql`state in ('pending', 'paused')`),
  ],
);
