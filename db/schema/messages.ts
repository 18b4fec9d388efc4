import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { conversations } from "./conversations";

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderType: text("sender_type", { enum: ["mentee", "mentor"] }).notNull(),
    senderId: text("sender_id").notNull(),
    content: text("content").notNull(),
    /** The sender's own id for this send (client-generated): a retried send finds the stored message instead of adding another. */
    clientId: text("client_id"),
    readAt: instant("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    /** One message per sender and client id (idempotent send); also serves the per-sender rate limit's count. */
    uniqueIndex("messages_sender_client_unique").on(t.senderType, t.senderId, t.clientId),
    index("messages_sender_created_idx").on(t.senderType, t.senderId, t.createdAt),
    /** Unread counts and marking read: one side's unread messages of a conversation. */
    index("messages_unread_idx").on(t.conversationId, t.senderType, t.readAt),
  ],
);
