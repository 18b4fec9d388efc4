import { router } from "../trpc/init";
import { earningsProcedures } from "./payouts-earnings.router";
import { onboardingProcedures } from "./payouts-onboarding.router";

/** A mentor's payouts (ADR 0024): one router, a file per capability. */
export const payoutsRouter = router({
  ...onboardingProcedures,
  ...earningsProcedures,
});
