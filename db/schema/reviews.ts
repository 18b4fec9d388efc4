import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

/** One rating (1-5) with optional text per mentee and mentor. */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    rating: integer("rating").notNull(),
    text: text("text"),
    updatedAt: instant("updated_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reviews_pair_unique").on(t.menteeId, t.mentorId), index("reviews_mentor_created_idx").on(t.mentorId, t.createdAt)],
);
