import { searchMentors } from "../../services/mentor-directory";
import { mentorSearchSchema } from "../../validation/search";
import { publicProcedure, router } from "../init";

export const mentorsRouter = router({
  search: publicProcedure.input(mentorSearchSchema).query(({ ctx, input }) => searchMentors(ctx.db, input)),
});
