import { earningsSchema } from "../../shared/validation/payouts";
import { mentorProcedure } from "../trpc/init";
import { earningsView } from "./earnings-view";

/** A mentor's earnings (ADR 0024): months, per-subscriber lines, payouts. Only his own. */
export const earningsProcedures = {
  earnings: mentorProcedure
    .input(earningsSchema)
    .query(({ ctx, input }) =>
      earningsView(ctx.db, ctx.auth.sub, { month: input.month, now: ctx.now, feePercent: ctx.config.PLATFORM_FEE_PERCENT }),
    ),
};
