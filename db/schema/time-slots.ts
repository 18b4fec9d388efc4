import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

export const slotStates = ["open", "booked", "deleted"] as const;
/** session: a paid call (counts against the plan's calls per period). trial: the free intro call (one per mentee and mentor). */
export const slotTypes = ["session", "trial"] as const;
export type SlotType = (typeof slotTypes)[number];

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
    /** Set when booked: a paid session or the free trial call. */
    type: text("type", { enum: slotTypes }).notNull().default("session"),
    menteeId: text("mentee_id").references(() => mentees.id),
    bookedAt: instant("booked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("time_slots_mentor_start_idx").on(t.mentorId, t.startAt),
    index("time_slots_mentee_idx").on(t.menteeId),
    uniqueIndex("time_slots_mentor_start_live").on(t.mentorId, t.startAt).where(sql`state <> 'deleted'`),
    /** One free trial call per mentee and mentor (a cancelled one, or one the mentor deleted, does not count). */
    uniqueIndex("time_slots_one_trial").on(t.menteeId, t.mentorId).where(sql`type = 'trial' and state = 'booked'`),
    index("time_slots_state_start_idx").on(t.state, t.startAt),
  ],
);
