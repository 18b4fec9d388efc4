import { initTRPC, TRPCError } from "@trpc/server";
import type { Role } from "../../db/schema";
import { accountRefusal, loadAccountState } from "../services/accounts";
import type { Context } from "./context";
import { ErrorDetails, fail } from "./errors";

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

const roleNames: Record<Role, string> = { mentee: "mentees", mentor: "mentors", moderator: "moderators" };

/** Requires a valid token of one of `allowed` roles and an account that may still use the product. */
function requireRole(...allowed: Role[]) {
  return t.middleware(async ({ ctx, next }) => {
    if (!ctx.auth) {
      fail("UNAUTHORIZED", ctx.tokenRejected ? "Your session has expired. Please sign in again." : "Please sign in to continue.");
    }
    if (!allowed.includes(ctx.auth.role)) {
      fail("FORBIDDEN", `This is only available to ${allowed.map((r) => roleNames[r]).join(" and ")}.`);
    }
    const state = await loadAccountState(ctx.db, ctx.auth.role, ctx.auth.sub);
    const refusal = accountRefusal(ctx.auth.role, state);
    if (refusal) throw new TRPCError({ code: refusal.code, message: refusal.message, cause: new ErrorDetails(refusal.details) });
    return next({ ctx: { ...ctx, auth: ctx.auth } });
  });
}

export const authedProcedure = t.procedure.use(requireRole("mentee", "mentor", "moderator"));
export const menteeProcedure = t.procedure.use(requireRole("mentee"));
export const mentorProcedure = t.procedure.use(requireRole("mentor"));
export const moderatorProcedure = t.procedure.use(requireRole("moderator"));
