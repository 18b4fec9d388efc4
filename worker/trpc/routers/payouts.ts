import { router } from "../init";
import { earningsProcedures } from "./payouts-earnings";
import { onboardingProcedures } from "./payouts-onboarding";

/** A mentor's payouts (ADR 0024): one router, a file per capability. */
export const payoutsRouter = router({
  ...onboardingProcedures,
  ...earningsProcedures,
});
