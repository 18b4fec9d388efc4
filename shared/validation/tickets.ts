import * as v from "valibot";

/** A ticket (SPEC §3 Ticket payload): whom it is about, and what happened. */

export const TICKET_MIN = 10;
export const TICKET_MAX = 2000;

export const ticketContentField = v.pipe(
  v.string("Please describe what happened"),
  v.trim(),
  v.minLength(TICKET_MIN, `Please describe what happened in at least ${TICKET_MIN} characters`),
  v.maxLength(TICKET_MAX, `Please keep it to at most ${TICKET_MAX.toLocaleString("en-IN")} characters`),
);

const accusedId = v.pipe(
  v.string("Please choose whom the ticket is about"),
  v.trim(),
  v.nonEmpty("Please choose whom the ticket is about"),
  v.maxLength(64, "Unknown account"),
);

export const raiseTicketSchema = v.object({
  complaint: v.object({ accusedId }, "Please choose whom the ticket is about"),
  content: ticketContentField,
});
