import { callStripe, paymentsFor } from "../platform/ports/stripe-client";
import { mentorProcedure } from "../trpc/init";
import { accountView, dashboardLink, refreshAccount, startOnboarding } from "./payout-account";

/**
 * A mentor's payout account (ADR 0024): its state, onboarding on Stripe's hosted pages
 * (start, and refresh after the return: the state is read from Stripe, never from the return URL),
 * and his Express dashboard. Always the token's mentor.
 */
export const onboardingProcedures = {
  account: mentorProcedure.query(({ ctx }) => accountView(ctx.db, ctx.auth.sub)),

  startOnboarding: mentorProcedure.mutation(({ ctx }) =>
    callStripe("connect onboarding", () => startOnboarding(ctx.db, paymentsFor(ctx), ctx.auth.sub, ctx.origin, ctx.now)),
  ),

  refreshAccount: mentorProcedure.mutation(({ ctx }) =>
    callStripe("connect account refresh", () => refreshAccount(ctx.db, paymentsFor(ctx), ctx.auth.sub, ctx.now)),
  ),

  dashboardLink: mentorProcedure.mutation(({ ctx }) =>
    callStripe("connect dashboard link", () => dashboardLink(ctx.db, paymentsFor(ctx), ctx.auth.sub)),
  ),
};
