import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

export const slotStates = ["open", "booked", "deleted"] as const;

/** A one-hour slot a mentor publishes; a mentee books it. */
export const timeSlots = sqliteTable(
  "time_slots",
  {
    id: id(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    startAt: instant("start_at").notNull(),
    endAt: instant("end_at").notNull(),
    state: text("state", { enum: slotStates }).notNull().default("open"),
    title: text("title"),
    description: text("description"),
    menteeId: text("mentee_id").references(() => mentees.id),
    bookedAt: instant("booked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("time_slots_mentor_start_idx").on(t.mentorId, t.startAt),
    index("time_slots_mentee_idx").on(t.menteeId),
    uniqueIndex("time_slots_mentor_start_live").on(t.mentorId, t.startAt).where(sql`state <> 'deleted'`),
  ],
);
