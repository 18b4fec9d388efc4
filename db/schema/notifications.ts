import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTICE_KINDS } from "../../shared/notification-kinds";
import { createdAt, flag, id, role } from "./columns";
import { conversations } from "./conversations";

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    recipientRole: role("recipient_role"),
    recipientId: text("recipient_id").notNull(),
    type: text("type", { enum: ["message", "alert"] }).notNull(),
    /** What it is about (ADR 0027): which of the person's channels carry it (shared/notification-kinds.ts). */
    kind: text("kind", { enum: NOTICE_KINDS }).notNull().default("account"),
    content: text("content").notNull(),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    isRead: flag("is_read"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientRole, t.recipientId, t.createdAt),
    index("notifications_conversation_idx").on(t.conversationId),
  ],
);
