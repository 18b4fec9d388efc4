import * as v from "valibot";
import { required } from "./accounts";
import { timeZoneField } from "./moderation";

/** Inputs of the mentor's Earnings page and the moderator's money screens (ADR 0024). */

const id = (what: string) =>
  v.pipe(v.string(`${what} is required`), v.trim(), v.nonEmpty(`${what} is required`), v.maxLength(64, `Unknown ${what}`));

/** A calendar month "YYYY-MM" (2000-01 to 2099-12), read in the mentor's time zone. */
export const monthField = v.pipe(
  v.string("The month must look like 2026-11"),
  v.trim(),
  v.regex(/^20\d\d-(0[1-9]|1[0-2])$/, "The month must look like 2026-11"),
);

/** `payouts.earnings`: the month whose lines to show (default: this month). */
export const earningsSchema = v.optional(v.object({ month: v.optional(monthField) }), {});

export const feeRevenueSchema = v.object({ timeZone: timeZoneField });

export const menteePaymentsSchema = v.object({ menteeId: id("menteeId") });

export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 500;

/** A moderator's refund: of one paid invoice, in paise (default: what is left of it), with the reason kept in the audit log. */
export const refundPaymentSchema = v.object({
  earningId: id("earningId"),
  amountPaise: v.optional(
    v.pipe(
      v.number("The amount must be a number of paise"),
      v.integer("The amount must be a whole number of paise"),
      v.minValue(1, "The amount must be more than zero"),
      v.maxValue(100_000_000, "The amount is too large"),
    ),
  ),
  reason: required(
    v.pipe(
      v.string("Please give a reason"),
      v.trim(),
      v.nonEmpty("Please give a reason"),
      v.minLength(REFUND_REASON_MIN, `The reason must be at least ${REFUND_REASON_MIN} characters`),
      v.maxLength(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
    ),
  ),
});
