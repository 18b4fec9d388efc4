import * as v from "valibot";
import { assertOwnId } from "../authorize";
import { menteeProfile, updateMenteeProfile } from "../../services/mentee-profiles";
import { menteeProfileUpdateSchema } from "../../validation/profiles";
import { menteeProcedure, router } from "../init";

export const menteesRouter = router({
  profile: menteeProcedure.input(v.optional(v.object({ menteeId: v.optional(v.string()) }), {})).query(({ ctx, input }) => {
    assertOwnId(ctx.auth, input.menteeId, "profile");
    return menteeProfile(ctx.db, ctx.auth.sub);
  }),

  updateProfile: menteeProcedure.input(menteeProfileUpdateSchema).mutation(({ ctx, input }) => {
    const { menteeId, ...changes } = input;
    assertOwnId(ctx.auth, menteeId, "profile");
    return updateMenteeProfile(ctx.db, ctx.auth.sub, changes);
  }),
});
