import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

/** moved: the booking moved from one slot to another. reschedule-requested: the mentor asked for another time. cancelled: cancelled by either side (with the reason they gave). */
export const bookingEventKinds = ["moved", "reschedule-requested", "cancelled"] as const;
export type BookingEventKind = (typeof bookingEventKinds)[number];

/** A booking's history (ADR 0023): each side sees "moved from … by …", a request to reschedule, a cancellation and its reason. Append-only. */
export const bookingEvents = sqliteTable(
  "booking_events",
  {
    id: id(),
    bookingId: text("booking_id").notNull(),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    kind: text("kind", { enum: bookingEventKinds }).notNull(),
    byRole: role("by_role"),
    /** The slot's start before (moved, cancelled, reschedule-requested) and after (moved). */
    fromStart: instant("from_start").notNull(),
    toStart: instant("to_start"),
    /** The slot the booking is on after the event (moved), or was on. */
    slotId: text("slot_id").notNull(),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_events_booking_idx").on(t.bookingId),
    index("booking_events_mentee_idx").on(t.menteeId, t.createdAt),
    index("booking_events_mentor_idx").on(t.mentorId, t.createdAt),
  ],
);
