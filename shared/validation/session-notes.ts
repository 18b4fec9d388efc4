import * as v from "valibot";
import { lineFeeds } from "./plain-text";
import { agendaIsPlain, MAX_AGENDA } from "./scheduling";

/**
 * Inputs of "before and after" a session (ADR 0026): the mentee's agenda edited after booking, the
 * shared notes of a completed session and the comments under them, and the one-tap rating prompt.
 */

const id = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64, `${label} is not valid`));

/** The longest notes a mentor keeps for a session, in characters. */
export const NOTES_MAX = 5000;
/** The longest comment under a session's notes, in characters. */
export const COMMENT_MAX = 1000;
export { MAX_AGENDA };

/** Her agenda for a booked session, until it starts: trimmed; empty removes it. */
export const agendaEditSchema = v.object({
  slotId: id("slotId"),
  agenda: v.pipe(
    v.string("Agenda must be text"),
    lineFeeds,
    v.trim(),
    agendaIsPlain,
    v.maxLength(MAX_AGENDA, `Agenda must be at most ${MAX_AGENDA} characters`),
  ),
});

export const sessionSlotSchema = v.object({ slotId: id("slotId") });

/** The mentor's notes of a completed session (plain text; web addresses show as links). */
export const notesInputSchema = v.object({
  slotId: id("slotId"),
  body: v.pipe(
    v.string("Notes must be text"),
    v.trim(),
    v.nonEmpty("Write the notes before saving them"),
    v.maxLength(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
  ),
});

/** A comment under the notes, by either participant. */
export const commentInputSchema = v.object({
  slotId: id("slotId"),
  body: v.pipe(
    v.string("A comment must be text"),
    v.trim(),
    v.nonEmpty("Write a comment before sending it"),
    v.maxLength(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`),
  ),
});

/** One tap on a star of the rating prompt on her home. */
export const ratePromptSchema = v.object({
  slotId: id("slotId"),
  rating: v.pipe(
    v.number("Choose a rating from 1 to 5 stars"),
    v.integer("Choose a rating from 1 to 5 stars"),
    v.minValue(1, "Choose a rating from 1 to 5 stars"),
    v.maxValue(5, "Choose a rating from 1 to 5 stars"),
  ),
});
