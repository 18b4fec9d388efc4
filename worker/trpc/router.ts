import { createCallerFactory, router } from "./init";
import { authRouter } from "./routers/auth";
import { mentorsRouter } from "./routers/mentors";

export const appRouter = router({
  auth: authRouter,
  mentors: mentorsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
