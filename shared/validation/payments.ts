import * as v from "valibot";

const id = (what: string) =>
  v.pipe(v.string(`${what} is required`), v.trim(), v.nonEmpty(`${what} is required`), v.maxLength(64, `Unknown ${what}`));

/** `create-checkout` (SPEC §7): `mentorPriceId` is accepted for old clients and ignored: the server decides the price. */
export const checkoutSchema = v.object({
  mentorId: id("mentorId"),
  menteeId: v.optional(v.string()),
  mentorPriceId: v.optional(v.unknown()),
});

/** `enrollment-success` (SPEC §7). */
export const enrollmentStatusSchema = v.object({ mentorId: id("mentorId"), menteeId: v.optional(v.string()) });

/** The success page: the Checkout Session id from Stripe's return URL. */
export const checkoutSessionSchema = v.object({
  sessionId: v.pipe(v.string("sessionId is required"), v.trim(), v.nonEmpty("sessionId is required"), v.maxLength(255, "Unknown payment")),
});

export const subscriptionIdSchema = v.object({ subscriptionId: id("subscriptionId") });

/** A receipt: one of the mentee's payments. */
export const paymentIdSchema = v.object({ paymentId: id("paymentId") });
