import { mentorIdSchema } from "../../shared/validation/profiles";
import { reviewInputSchema, reviewListSchema } from "../../shared/validation/reviews";
import { changesCatalogue, menteeProcedure, publicProcedure, router } from "../trpc/init";
import { deleteReview, listReviews, myReview, saveReview } from "./reviews";

export const reviewsRouter = router({
  list: publicProcedure.input(reviewListSchema).query(({ ctx, input }) => listReviews(ctx.db, input, ctx.now)),
  mine: menteeProcedure.input(mentorIdSchema).query(({ ctx, input }) => myReview(ctx.db, ctx.auth.sub, input.mentorId)),
  save: menteeProcedure
    .use(changesCatalogue)
    .input(reviewInputSchema)
    .mutation(({ ctx, input }) => saveReview(ctx.db, ctx.auth.sub, input, ctx.now)),
  remove: menteeProcedure
    .use(changesCatalogue)
    .input(mentorIdSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteReview(ctx.db, ctx.auth.sub, input.mentorId);
      return { message: "Review deleted" };
    }),
});
