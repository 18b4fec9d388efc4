import { setCancelAtPeriodEnd } from "../../services/payments/manage";
import { paymentsFor } from "../../services/payments/stripe-client";
import { menteeSubscriptions, mentorSubscribers } from "../../services/subscriptions";
import { ownMenteeList, ownMentorList, subscriptionIdSchema } from "../../validation/payments";
import { fail } from "../../services/domain-error";
import { menteeProcedure, mentorProcedure, router } from "../init";

/** A legacy list path carries the user's id; it must be the caller's own (as `assertOwnId`, worded for reading). */
function assertOwnList(callerId: string, pathId: string | undefined, what: string) {
  if (pathId !== undefined && pathId !== callerId) fail("FORBIDDEN", `You can only see your own ${what}.`);
}

export const subscriptionsRouter = router({
  /** The signed-in mentee's subscriptions (`allMentorsSubscribed`). */
  mine: menteeProcedure.input(ownMenteeList).query(({ ctx, input }) => {
    assertOwnList(ctx.auth.sub, input.menteeId, "subscriptions");
    return menteeSubscriptions(ctx.db, ctx.auth.sub);
  }),

  /** The signed-in mentor's subscribers (`enrolledMentees`). */
  subscribers: mentorProcedure.input(ownMentorList).query(({ ctx, input }) => {
    assertOwnList(ctx.auth.sub, input.mentorId, "subscribers");
    return mentorSubscribers(ctx.db, ctx.auth.sub);
  }),

  /** Ends the subscription when the paid period ends (no refund, access until then). */
  cancel: menteeProcedure.input(subscriptionIdSchema).mutation(async ({ ctx, input }) => {
    await setCancelAtPeriodEnd(ctx.db, ctx.env, ctx.waitUntil, paymentsFor(ctx), ctx.auth.sub, input.subscriptionId, true);
    return { message: "Your subscription will end at the end of the current period." };
  }),

  /** Undoes a cancellation before the period ends. */
  resume: menteeProcedure.input(subscriptionIdSchema).mutation(async ({ ctx, input }) => {
    await setCancelAtPeriodEnd(ctx.db, ctx.env, ctx.waitUntil, paymentsFor(ctx), ctx.auth.sub, input.subscriptionId, false);
    return { message: "Your subscription will renew as usual." };
  }),
});
