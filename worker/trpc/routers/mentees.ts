import { menteeProfile, updateMenteeProfile } from "../../services/mentee-profiles";
import { menteeProfileUpdateSchema } from "../../../shared/validation/profiles";
import { menteeProcedure, router } from "../init";

export const menteesRouter = router({
  profile: menteeProcedure.query(({ ctx }) => menteeProfile(ctx.db, ctx.auth.sub)),

  updateProfile: menteeProcedure.input(menteeProfileUpdateSchema).mutation(({ ctx, input }) => updateMenteeProfile(ctx.db, ctx.auth.sub, input)),
});
