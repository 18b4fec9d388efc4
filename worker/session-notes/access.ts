import { fail } from "../platform/domain-error";
import { type BookedSessionRow, isParticipant, type Participant } from "../scheduling/booked-session";

export const NO_SUCH_SESSION = "There is no session of yours with this id.";
export const NOT_COMPLETED = "Notes open once a session is recorded as completed, a few minutes after it ends.";

/**
 * The session, if the caller is one of its two participants and it was completed (ADR 0026). Anyone
 * else gets the same 404 whether or not it exists; a participant of a session that was not (yet)
 * completed is told when notes open.
 */
export function completedSessionOf(row: BookedSessionRow | undefined, who: Participant): BookedSessionRow {
  if (!isParticipant(row, who)) fail("NOT_FOUND", NO_SUCH_SESSION);
  if (row.slot.outcome !== "completed") fail("CONFLICT", NOT_COMPLETED);
  return row;
}
