import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, timeSlots } from "../../db/schema";
import type { Member } from "../chat/members";
import { bookedSlotWithPeople, slotMentee } from "./slot-with-people";

/** One of a booked session's two participants (from the token): the chat's member, the same pair of roles. */
export type Participant = Member;

/**
 * A booked session with its two participants' names and zones, as one statement (so it can leave in
 * the batch of a request's other reads): for its notes, its dispute and its moderator's decision (ADR 0026).
 */
export function bookedSessionRead(db: Db, slotId: string) {
  return bookedSlotWithPeople(db, {
    slot: timeSlots,
    mentor: { first: mentors.firstName, last: mentors.lastName, zone: mentors.timeZone },
    mentee: { first: slotMentee.firstName, last: slotMentee.lastName, zone: slotMentee.timeZone },
  })
    .where(eq(timeSlots.id, slotId))
    .limit(1);
}

export type BookedSessionRow = Awaited<ReturnType<typeof bookedSessionRead>>[number];

/** Whether `who` is the booked session's mentor or its mentee. */
export const isParticipant = (row: BookedSessionRow | undefined, who: Participant): row is BookedSessionRow =>
  Boolean(row && row.slot.state === "booked" && (who.role === "mentee" ? row.slot.menteeId === who.id : row.slot.mentorId === who.id));

/** The other participant of the session. */
export const otherOf = (row: BookedSessionRow, who: Participant): Participant =>
  who.role === "mentee" ? { role: "mentor", id: row.slot.mentorId } : { role: "mentee", id: row.slot.menteeId! };

export const nameOf = (person: { first: string; last: string }) => `${person.first} ${person.last}`;
