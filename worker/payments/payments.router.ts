import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { enrollments, mentors } from "../../db/schema";
import { checkoutSchema, checkoutSessionSchema, enrollmentStatusSchema } from "../../shared/validation/payments";
import { fail } from "../platform/domain-error";
import { readConfig } from "../platform/env";
import { callStripe, paymentsFor } from "../platform/ports/stripe-client";
import { menteeProcedure, publicProcedure, router } from "../trpc/init";
import { createCheckout, enrollmentStatus } from "./checkout";
import { rowGrantsAccess } from "./enrollment-status";
import { ensureMentorPrice } from "./mentor-price";
import { firstPaymentOf } from "./payment-history";

export const paymentsRouter = router({
  /** `GET /api/mentees/stripe-config`: the publishable key. */
  config: publicProcedure.query(({ ctx }) => ({ publishableKey: paymentsFor(ctx).publishableKey })),

  /**
   * Stripe Checkout for a monthly subscription; the mentee is the token's, whatever the body says. Its reads
   * travel with the account check (ADR 0017), and Stripe is not asked before the check passed.
   */
  createCheckout: menteeProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(checkoutSchema)
    .mutation(({ ctx, input }) => {
      const payments = paymentsFor(ctx);
      return callStripe("checkout", () =>
        createCheckout(ctx.db, payments, {
          now: ctx.now,
          menteeId: ctx.auth.sub,
          mentorId: input.mentorId,
          origin: ctx.origin,
          feePercent: readConfig(ctx.env).PLATFORM_FEE_PERCENT,
          cleared: ctx.accountChecked,
        }),
      );
    }),

  /**
   * The id of the mentor's current Stripe Price, made now if he has none yet (the Price his first checkout would
   * make): the legacy profile's `stripePriceId` (SPEC §3), which the original client sends back to checkout as
   * `mentorPriceId`. Checkout never takes the amount from it. `null` for a mentor who cannot take subscribers.
   */
  mentorPrice: menteeProcedure.input(enrollmentStatusSchema).mutation(async ({ ctx, input }) => {
    const mentor = await ctx.db.query.mentors.findFirst({ where: eq(mentors.id, input.mentorId) });
    if (mentor?.status !== "approved" || mentor.isBlocked) return { priceId: null };
    const { stripe } = paymentsFor(ctx);
    return { priceId: (await callStripe("price", () => ensureMentorPrice(ctx.db, stripe, mentor))).priceId };
  }),

  /** The legacy payment-intent call: payment happens in Stripe Checkout. */
  createPaymentIntent: menteeProcedure
    .input(v.optional(v.unknown()))
    .mutation(() =>
      fail(
        "BAD_REQUEST",
        "Payments are taken on the Stripe Checkout page: use POST /api/mentees/create-checkout and open the url it answers.",
      ),
    ),

  /** `enrollment-success`: the current status only; activation is the webhook's alone. */
  enrollmentStatus: menteeProcedure.input(enrollmentStatusSchema).mutation(({ ctx, input }) => {
    return enrollmentStatus(ctx.db, ctx.auth.sub, input.mentorId, ctx.now);
  }),

  /** The success page: this mentee's checkout, its status and, once active, its mentor and period. */
  checkoutStatus: menteeProcedure.input(checkoutSessionSchema).query(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({ enrollment: enrollments, mentor: { id: mentors.id, firstName: mentors.firstName, lastName: mentors.lastName } })
      .from(enrollments)
      .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
      .where(and(eq(enrollments.stripeCheckoutSessionId, input.sessionId), eq(enrollments.menteeId, ctx.auth.sub)));
    if (!row)
      fail("NOT_FOUND", "We could not find this payment. If you were charged, your subscription will appear under Subscriptions shortly.");
    const e = row.enrollment;
    const isActive = rowGrantsAccess(e, ctx.now);
    return {
      status: isActive ? "active" : e.status === "active" ? "expired" : e.status,
      isActive,
      mentor: { id: row.mentor.id, name: `${row.mentor.firstName} ${row.mentor.lastName}` },
      amountPaise: e.amountPaise,
      currentPeriodStart: e.currentPeriodStart?.toISOString() ?? null,
      currentPeriodEnd: e.currentPeriodEnd?.toISOString() ?? null,
      /** The receipt of the payment that started it, once Stripe's paid invoice is recorded. */
      receiptId: isActive ? await firstPaymentOf(ctx.db, e.id) : null,
    };
  }),
});
