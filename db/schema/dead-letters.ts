import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";

/**
 * Background work that failed every attempt (ADR 0031): the dead-letter queue's consumer writes one row per message,
 * so an operator sees what is parked, and why, and can send it again. `replayed_at` records when it was.
 */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: id(),
    /** The queue the message failed on. */
    queue: text("queue").notNull(),
    /** The message as it was sent (JSON). */
    body: text("body", { mode: "json" }).$type<unknown>().notNull(),
    attempts: integer("attempts").notNull(),
    replayedAt: instant("replayed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("dead_letters_open_idx").on(t.replayedAt, t.createdAt)],
);
