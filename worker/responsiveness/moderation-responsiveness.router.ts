import { moderatorProcedure } from "../trpc/init";
import { unresponsiveMentors } from "./waiting-subscribers";

/** The moderator's view of responsiveness (ADR 0026). */
export const responsivenessProcedures = {
  /** Mentors with subscribers waiting more than 72 hours for an answer, the longest wait first (the moderator home's card). */
  unresponsiveMentors: moderatorProcedure.query(({ ctx }) => unresponsiveMentors(ctx.db, ctx.now)),
};
