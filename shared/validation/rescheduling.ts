import * as v from "valibot";
import { lineFeeds, plainText } from "./plain-text";

/** Moving a booking, the mentor's request to reschedule, and the reasons given when cancelling (ADR 0023). */

const id = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64, `${label} is not valid`));

export const REASON_MAX = 500;

/** An optional reason the other party reads; blank means none. */
export const reasonField = v.optional(
  v.nullable(
    v.pipe(
      v.string("Reason must be text"),
      lineFeeds,
      v.trim(),
      plainText("A reason cannot contain control characters such as a carriage return (line breaks are fine)."),
      v.maxLength(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
      v.transform((s) => (s === "" ? null : s)),
    ),
  ),
);

/** The mentee moves her booking on `slotId` to the open slot `toSlotId` of the same mentor. */
export const rescheduleSchema = v.pipe(
  v.object({ slotId: id("slotId"), toSlotId: id("toSlotId") }),
  v.check((i) => i.slotId !== i.toSlotId, "Choose a different time to move this booking to."),
);

/** The mentor asks the mentee to pick another time; the message is required. */
export const askRescheduleSchema = v.object({
  slotId: id("slotId"),
  message: v.pipe(
    v.string("Message is required"),
    lineFeeds,
    v.trim(),
    plainText("A message cannot contain control characters such as a carriage return (line breaks are fine)."),
    v.nonEmpty("Write a short message so the mentee knows why (for example, what times suit you)."),
    v.maxLength(REASON_MAX, `Message must be at most ${REASON_MAX} characters`),
  ),
});

/** Cancelling (mentee) or deleting a booked slot (mentor), with an optional reason. */
export const slotWithReasonSchema = v.object({ slotId: id("slotId"), reason: reasonField });

export const bookingHistorySchema = v.object({ slotId: id("slotId") });
