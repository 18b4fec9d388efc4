import { bookSchema, mentorIdSchema, slotIdSchema } from "./scheduling";

/** The waitlist and standing (weekly) sessions (ADR 0023): the inputs of their tRPC procedures. */

/** Join or leave a mentor's waitlist ("tell me if an earlier time opens"). */
export const waitlistSchema = mentorIdSchema;
/** The weeks a standing session from this slot would take, before booking them. */
export const previewStandingSchema = slotIdSchema;
/** Book the same time every week for the rest of the period, with one agenda for all of them. */
export const bookStandingSchema = bookSchema;
