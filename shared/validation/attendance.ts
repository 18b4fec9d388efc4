import * as v from "valibot";
import { DISPUTE_MAX, sessionOutcomes } from "../attendance";

/** Inputs of attendance (ADR 0026): a dispute of a session's outcome, and a moderator's decision of one. */

const id = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64, `${label} is not valid`));

export { DISPUTE_MAX };

export const disputeSchema = v.object({
  slotId: id("slotId"),
  /** What happened, for the moderator: optional, so disputing stays one tap and a confirmation. */
  what: v.optional(
    v.pipe(v.string("What happened must be text"), v.trim(), v.maxLength(DISPUTE_MAX, `Please keep it to ${DISPUTE_MAX} characters`)),
    "",
  ),
});

export const decideDisputeSchema = v.object({
  ticketId: id("ticketId"),
  outcome: v.picklist(sessionOutcomes, "Choose an outcome: completed, mentee_no_show, mentor_no_show or both_no_show"),
  note: v.pipe(
    v.string("Please give a reason"),
    v.trim(),
    v.nonEmpty("Please give a reason"),
    v.maxLength(500, "The reason must be at most 500 characters"),
  ),
});

/** The moderators' attendance records: the last this many days. */
export const attendanceRecordSchema = v.optional(
  v.object({ days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(7), v.maxValue(365)), 90) }),
  {},
);
