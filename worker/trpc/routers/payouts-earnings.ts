import { mentorProcedure } from "../init";

/** A mentor's earnings (issue 24): months, per-subscriber lines, payouts. */
export const earningsProcedures = {
  earningsPing: mentorProcedure.query(() => "earnings" as const),
};
