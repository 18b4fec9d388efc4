import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, role } from "./columns";
import { moderators } from "./moderators";

export const moderationActionKinds = [
  "block",
  "unblock",
  "accept_applicant",
  "reject_applicant",
  "resolve_ticket_block",
  "dismiss_ticket",
  "refund_payment",
  "settle_attendance",
  "replay_parked_work",
  "produce_data_export",
  "pause_account_deletion",
  "resume_account_deletion",
] as const;
export type ModerationActionKind = (typeof moderationActionKinds)[number];

/**
 * The audit log: one row per moderator action (who, what, on whom, why, when), written in the same
 * batch as the action. Append-only: the product has no path that updates or deletes a row (ADR 0012).
 */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: id(),
    moderatorId: text("moderator_id")
      .notNull()
      .references(() => moderators.id),
    action: text("action", { enum: moderationActionKinds }).notNull(),
    targetRole: role("target_role"),
    targetId: text("target_id").notNull(),
    ticketId: text("ticket_id"),
    reason: text("reason"),
    /** JSON with what else the action did, e.g. the subscriptions set to end at period end when a mentor is blocked. */
    details: text("details"),
    /** Set on decisions that may happen once only (one decision per application); unique. */
    onceKey: text("once_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_moderator_idx").on(t.moderatorId, t.createdAt),
    index("moderation_actions_target_idx").on(t.targetId, t.createdAt),
    index("moderation_actions_created_idx").on(t.createdAt),
    uniqueIndex("moderation_actions_once_unique").on(t.onceKey),
  ],
);
