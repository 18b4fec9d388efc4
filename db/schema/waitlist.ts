import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

/** "Tell me if an earlier time opens" (ADR 0023): one entry per mentee and mentor, served in the order they joined. */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: id(),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    /** The last time she was offered a freed slot. */
    offeredAt: instant("offered_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waitlist_one_per_pair").on(t.menteeId, t.mentorId), index("waitlist_mentor_idx").on(t.mentorId, t.createdAt)],
);
