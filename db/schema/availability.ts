import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentors } from "./mentors";

/** One range of a mentor's weekly hours, in `mentor_availability.time_zone`: day 0 is Sunday; "HH:mm" 24-hour times. */
export type WeeklyRange = { day: number; start: string; end: string };

/**
 * A mentor's booking rules (ADR 0023), one row per mentor; a mentor without a row has the defaults
 * (no weekly hours, 12 hours notice, no buffer, no daily cap).
 */
export const mentorAvailability = sqliteTable("mentor_availability", {
  mentorId: text("mentor_id")
    .primaryKey()
    .references(() => mentors.id),
  /** JSON array of WeeklyRange; empty: no generated slots. */
  weeklyHours: text("weekly_hours", { mode: "json" }).$type<WeeklyRange[]>().notNull().default([]),
  /** The zone the weekly hours are written in (the mentor's zone when he saved them). */
  timeZone: text("time_zone").notNull(),
  /** A slot can be booked (or moved to) only this long before its start. */
  noticeMinutes: integer("notice_minutes").notNull().default(720),
  /** Free time kept between two booked sessions. */
  bufferMinutes: integer("buffer_minutes").notNull().default(0),
  /** At most this many booked sessions on one day of the mentor's; null: no cap. */
  dailyCap: integer("daily_cap"),
  /** Slots from the weekly hours exist up to this instant (the cron extends it). */
  generatedUntil: instant("generated_until"),
  updatedAt: instant("updated_at").notNull(),
});

/** A period the mentor is away: no slots are offered in [startAt, endAt); bookings inside were cancelled when it was added. */
export const timeOff = sqliteTable(
  "time_off",
  {
    id: id(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    /** The first and last day away, as the mentor entered them ("YYYY-MM-DD" in his zone). */
    firstDay: text("first_day").notNull(),
    lastDay: text("last_day").notNull(),
    startAt: instant("start_at").notNull(),
    endAt: instant("end_at").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("time_off_mentor_idx").on(t.mentorId, t.endAt)],
);
