import * as v from "valibot";
import {
  changePasswordSchema,
  requestCodeSchema,
  resetPasswordRequestSchema,
  resetRoleField,
} from "../../shared/validation/password-reset";
import { fail } from "../platform/domain-error";
import type { Context } from "../trpc/context";
import { authedProcedure, publicProcedure, router } from "../trpc/init";
import { refuseCommonPassword } from "./common-passwords";
import { changePassword } from "./password-change";
import { type ResetDeps, requestResetCode, resetPassword } from "./password-reset";

const depsOf = (ctx: Context): ResetDeps => ({
  db: ctx.db,
  env: ctx.env,
  secret: ctx.config.JWT_SECRET,
  waitUntil: ctx.waitUntil,
  address: ctx.address,
});

/** Password reset by e-mailed code (mentees and mentors) and change from the profile. */
export const passwordRouter = router({
  /** Always the same answer whether or not the account exists (SPEC §7 sent-otp). */
  requestResetCode: publicProcedure
    .input(v.object({ role: resetRoleField, ...requestCodeSchema.entries }))
    .mutation(({ ctx, input }) => requestResetCode(depsOf(ctx), input.role, input.email, ctx.now.getTime())),

  resetPassword: publicProcedure.input(resetPasswordRequestSchema).mutation(async ({ ctx, input }) => {
    await refuseCommonPassword(input.password);
    return resetPassword(depsOf(ctx), input.role, input, ctx.now.getTime());
  }),

  change: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    if (ctx.auth.role === "moderator") fail("FORBIDDEN", "Moderator passwords are changed by an administrator.");
    await refuseCommonPassword(input.password);
    return changePassword(ctx, { role: ctx.auth.role, userId: ctx.auth.sub }, ctx.auth.sid, input, ctx.now.getTime());
  }),
});
