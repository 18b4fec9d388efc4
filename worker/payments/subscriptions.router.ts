import { paymentIdSchema, subscriptionIdSchema } from "../../shared/validation/payments";
import { paymentsFor } from "../platform/ports/stripe-client";
import { menteeProcedure, mentorProcedure, router } from "../trpc/init";
import { setCancelAtPeriodEnd } from "./manage";
import { menteePaymentHistory, paymentReceipt } from "./payment-history";
import { menteeSubscriptions, mentorSubscribers } from "./subscriptions";

export const subscriptionsRouter = router({
  /** The signed-in mentee's subscriptions (`allMentorsSubscribed`). */
  mine: menteeProcedure.query(({ ctx }) => menteeSubscriptions(ctx.db, ctx.auth.sub, ctx.now)),

  /** The signed-in mentee's payments, newest first, with their refunds. */
  payments: menteeProcedure.query(({ ctx }) => menteePaymentHistory(ctx.db, ctx.auth.sub)),

  /** The receipt of one of her payments (another's is not found). */
  receipt: menteeProcedure.input(paymentIdSchema).query(({ ctx, input }) => paymentReceipt(ctx.db, ctx.auth.sub, input.paymentId)),

  /** The signed-in mentor's subscribers (`enrolledMentees`). */
  subscribers: mentorProcedure.query(({ ctx }) => mentorSubscribers(ctx.db, ctx.auth.sub, ctx.now)),

  /** Ends the subscription when the paid period ends (no refund, access until then). */
  cancel: menteeProcedure.input(subscriptionIdSchema).mutation(async ({ ctx, input }) => {
    await setCancelAtPeriodEnd(ctx, paymentsFor(ctx), { menteeId: ctx.auth.sub, enrollmentId: input.subscriptionId, cancel: true });
    return { message: "Your subscription will end at the end of the current period." };
  }),

  /** Undoes a cancellation before the period ends. */
  resume: menteeProcedure.input(subscriptionIdSchema).mutation(async ({ ctx, input }) => {
    await setCancelAtPeriodEnd(ctx, paymentsFor(ctx), { menteeId: ctx.auth.sub, enrollmentId: input.subscriptionId, cancel: false });
    return { message: "Your subscription will renew as usual." };
  }),
});
