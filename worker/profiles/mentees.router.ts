import { menteeHomeSchema } from "../../shared/validation/mentee-home";
import { menteeProfileUpdateSchema } from "../../shared/validation/profiles";
import { menteeProcedure, router } from "../trpc/init";
import { menteeHome } from "./mentee-home";
import { menteeProfile, updateMenteeProfile } from "./mentee-profiles";

export const menteesRouter = router({
  /** Her home: next session, calls left, unread conversations, suggested mentors. */
  home: menteeProcedure
    .input(menteeHomeSchema)
    .query(({ ctx, input }) => menteeHome(ctx.db, ctx.auth.sub, { searches: input.searches }, ctx.now)),

  profile: menteeProcedure.query(({ ctx }) => menteeProfile(ctx.db, ctx.auth.sub)),

  updateProfile: menteeProcedure
    .input(menteeProfileUpdateSchema)
    .mutation(({ ctx, input }) => updateMenteeProfile(ctx.db, ctx.auth.sub, input)),
});
