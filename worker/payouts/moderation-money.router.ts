import { feeRevenueSchema, menteePaymentsSchema, refundPaymentSchema } from "../../shared/validation/payouts";
import { paymentsFor } from "../platform/ports/stripe-client";
import { feeRevenuePerDay } from "../statistics/daily-fees";
import { moderatorProcedure } from "../trpc/init";
import { menteePayments } from "./mentee-payments";
import { announce } from "./refund-notices";
import { refundPayment } from "./refunds";

/** The moderator's view of the money: fee revenue per day, a mentee's payments, refunds. */
export const moneyProcedures = {
  /** The platform's fees per day over the last 30 days in the moderator's zone (the home's third chart). */
  feeRevenuePerDay: moderatorProcedure.input(feeRevenueSchema).query(({ ctx, input }) => feeRevenuePerDay(ctx.db, input.timeZone, ctx.now)),
  /** A mentee's paid invoices, with the mentor, what was refunded and what still may be. */
  menteePayments: moderatorProcedure.input(menteePaymentsSchema).query(({ ctx, input }) => menteePayments(ctx.db, input.menteeId)),
  /** Gives a mentee money back (all that is left by default); the mentor's share and the fee follow in proportion (ADR 0024). */
  refundPayment: moderatorProcedure.input(refundPaymentSchema).mutation(async ({ ctx, input }) => {
    const { line, told } = await refundPayment(ctx.db, paymentsFor(ctx), {
      earningId: input.earningId,
      amountPaise: input.amountPaise,
      actor: { kind: "moderator", moderatorId: ctx.auth.sub, reason: input.reason },
      now: ctx.now,
    });
    // The mentee and the mentor hear of it (unless Stripe's event for it told them first).
    announce(ctx, told);
    return line;
  }),
};
