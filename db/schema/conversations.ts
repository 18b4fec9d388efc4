import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    lastMessageAt: instant("last_message_at"),
    /** When the mentor was last reminded that this subscriber waits for an answer (72 hours, ADR 0026); one reminder per wait. */
    replyReminderAt: instant("reply_reminder_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("conversations_pair_unique").on(t.menteeId, t.mentorId), index("conversations_mentor_idx").on(t.mentorId)],
);
