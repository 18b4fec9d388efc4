import { moderatorProcedure } from "../init";

/** The moderator's view of the money (issue 24): fee revenue per day, a mentee's payments, refunds. */
export const moneyProcedures = {
  moneyPing: moderatorProcedure.query(() => "money" as const),
};
