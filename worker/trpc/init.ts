import { initTRPC } from "@trpc/server";
import type { Role } from "../../db/schema";
import { authorize } from "../services/authorize";
import type { Context } from "./context";
import { ErrorDetails } from "./errors";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const details = error.cause instanceof ErrorDetails ? error.cause.details : undefined;
    const message = error.code === "INTERNAL_SERVER_ERROR" ? "Something went wrong. Please try again later." : shape.message;
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, details } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

const requireRole = (...allowed: Role[]) => t.middleware(async ({ ctx, next }) => next({ ctx: { ...ctx, auth: await authorize(ctx, allowed) } }));

export const authedProcedure = t.procedure.use(requireRole("mentee", "mentor", "moderator"));
export const menteeProcedure = t.procedure.use(requireRole("mentee"));
export const mentorProcedure = t.procedure.use(requireRole("mentor"));
