import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { type SessionOutcome, sessionOutcomes } from "../../shared/attendance";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

export const slotStates = ["open", "booked", "deleted"] as const;
/** session: a paid call (counts against the plan's calls per period). trial: the free intro call (one per mentee and mentor). */
export const slotTypes = ["session", "trial"] as const;
export type SlotType = (typeof slotTypes)[number];
/** manual: published by hand. hours: generated from the mentor's weekly hours (ADR 0023); regenerated when the hours change. */
export const slotSources = ["manual", "hours"] as const;
export type SlotSource = (typeof slotSources)[number];
/** How a booked session ended (ADR 0026), set after its end from the live room's records. */
export { type SessionOutcome, sessionOutcomes };

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
    /**
     * The booking's identity while it is booked (ADR 0023): set when booked, carried along when the
     * booking moves to another slot, so the calendar event (UID) and the history stay one booking.
     */
    bookingId: text("booking_id"),
    /** The calendar event's SEQUENCE: 0 when booked, one more on each move. */
    sequence: integer("sequence").notNull().default(0),
    /** What the mentee would like to discuss (asked when she books). */
    agenda: text("agenda"),
    /** The mentor asked the mentee to pick another time (with a message); cleared by a move. */
    rescheduleRequestedAt: instant("reschedule_requested_at"),
    rescheduleMessage: text("reschedule_message"),
    /** A waitlisted mentee was offered this freed slot: only she can book it until `heldUntil`. */
    heldFor: text("held_for").references(() => mentees.id),
    heldUntil: instant("held_until"),
    source: text("source", { enum: slotSources }).notNull().default("manual"),
    /** How the session ended (null until settled after its end); a moderator may change it on a dispute. */
    outcome: text("outcome", { enum: sessionOutcomes }),
    outcomeAt: instant("outcome_at"),
    /** A participant disputed the outcome (within 24 hours of it); the ticket is in the moderators' queue. */
    disputedAt: instant("disputed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("time_slots_mentor_start_idx").on(t.mentorId, t.startAt),
    index("time_slots_mentee_idx").on(t.menteeId),
    uniqueIndex("time_slots_mentor_start_live").on(t.mentorId, t.startAt).where(sql`state <> 'deleted'`),
    /** One free trial call per mentee and mentor (a cancelled one, or one the mentor deleted, does not count). */
    uniqueIndex("time_slots_one_trial")
      .on(t.menteeId, t.mentorId)
      .where(sql`type = 'trial' and state = 'booked' and outcome is not 'mentor_no_show'`),
    index("time_slots_state_start_idx").on(t.state, t.startAt),
    index("time_slots_booking_idx").on(t.bookingId),
    /** The settle job's scan: booked sessions without an outcome, by end. */
    index("time_slots_unsettled_idx").on(t.endAt).where(sql`state = 'booked' and outcome is null`),
  ],
);
