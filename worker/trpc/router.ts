import { createCallerFactory, router } from "./init";
import { authRouter } from "./routers/auth";
import { menteesRouter } from "./routers/mentees";
import { mentorsRouter } from "./routers/mentors";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = router({
  auth: authRouter,
  mentors: mentorsRouter,
  mentees: menteesRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
