import { aliasedTable, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mentees, mentors, timeSlots } from "../../../db/schema";
import { fail } from "../domain-error";

export type Participant = { role: "mentee" | "mentor"; id: string };

const notesMentee = aliasedTable(mentees, "notes_mentee");

export const NO_SUCH_SESSION = "There is no session of yours with this id.";
export const NOT_COMPLETED = "Notes open once a session is recorded as completed, a few minutes after it ends.";

/** A booked session with its two participants' names and zones, as one statement (for the read's batch). */
export function sessionRead(db: Db, slotId: string) {
  return db
    .select({
      slot: timeSlots,
      mentor: { first: mentors.firstName, last: mentors.lastName, zone: mentors.timeZone },
      mentee: { first: notesMentee.firstName, last: notesMentee.lastName, zone: notesMentee.timeZone },
    })
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .innerJoin(notesMentee, eq(notesMentee.id, timeSlots.menteeId))
    .where(eq(timeSlots.id, slotId))
    .limit(1);
}

export type SessionRow = Awaited<ReturnType<typeof sessionRead>>[number];

/**
 * The session, if the caller is one of its two participants and it was completed (issue 26). Anyone
 * else gets the same 404 whether or not it exists; a participant of a session that was not (yet)
 * completed is told when notes open.
 */
export function completedSessionOf(row: SessionRow | undefined, who: Participant): SessionRow {
  const mine = row && row.slot.state === "booked" && (who.role === "mentee" ? row.slot.menteeId === who.id : row.slot.mentorId === who.id);
  if (!row || !mine) fail("NOT_FOUND", NO_SUCH_SESSION);
  if (row.slot.outcome !== "completed") fail("CONFLICT", NOT_COMPLETED);
  return row;
}

/** The other participant of the session. */
export const otherOf = (row: SessionRow, who: Participant): Participant =>
  who.role === "mentee" ? { role: "mentor", id: row.slot.mentorId } : { role: "mentee", id: row.slot.menteeId! };

export const nameOf = (person: { first: string; last: string }) => `${person.first} ${person.last}`;
