import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";
import { timeSlots } from "./time-slots";

/**
 * One stretch of a participant's presence in a session's live room (ADR 0026): written by
 * the room itself when a socket it admitted opens (`joinedAt`) and closes (`leftAt`), never reported
 * by a client. A reload or a second window is a new row; the rows of one person may overlap.
 */
export const livePresence = sqliteTable(
  "live_presence",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => timeSlots.id),
    role: text("role", { enum: ["mentee", "mentor"] }).notNull(),
    personId: text("person_id").notNull(),
    /** The room's socket id, so a close finds its own row. */
    connectionId: text("connection_id").notNull(),
    joinedAt: instant("joined_at").notNull(),
    /** Null while the socket is open (or when the room could not record its close: the session's end then counts). */
    leftAt: instant("left_at"),
  },
  (t) => [index("live_presence_slot_idx").on(t.slotId, t.joinedAt), index("live_presence_connection_idx").on(t.connectionId)],
);

/**
 * The shared notes of a completed session: the mentor writes them, both read them. One
 * row per booked slot.
 */
export const sessionNotes = sqliteTable("session_notes", {
  slotId: text("slot_id")
    .primaryKey()
    .references(() => timeSlots.id),
  body: text("body").notNull().default(""),
  updatedAt: instant("updated_at").notNull(),
});

/** Comments under a session's notes, by either participant (the mentee answers the mentor's notes). Append-only. */
export const sessionNoteComments = sqliteTable(
  "session_note_comments",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => timeSlots.id),
    authorRole: role("author_role"),
    authorId: text("author_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("session_note_comments_slot_idx").on(t.slotId, t.createdAt)],
);

/**
 * The one-tap rating prompt after a completed session: shown at most once per mentee and
 * mentor per period (`promptedAt`), answered or dismissed.
 */
export const ratingPrompts = sqliteTable(
  "rating_prompts",
  {
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    /** The completed session that prompted it. */
    slotId: text("slot_id").notNull(),
    promptedAt: instant("prompted_at").notNull(),
    /** When she rated from it or dismissed it; null while it is still waiting for her. */
    closedAt: instant("closed_at"),
    /** Times prompted so far (for the moderators' numbers). */
    count: integer("count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.menteeId, t.mentorId] })],
);
