import { mentorProcedure } from "../init";

/** A mentor's payout account (issue 24): connect, return, refresh, status, Express dashboard. */
export const onboardingProcedures = {
  ping: mentorProcedure.query(() => "onboarding" as const),
};
