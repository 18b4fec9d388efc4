import * as v from "valibot";
import { accountRefusal, accountSummary, currentRefusal, findAccountByEmail, findAccountById } from "../../services/accounts";
import { clearFailedLogins, isLoginThrottled, recordFailedLogin, TOO_MANY_LOGINS_MESSAGE } from "../../services/login-throttle";
import { notify } from "../../services/notifications";
import { decoyHash, verifyPassword } from "../../services/passwords";
import { registerMentee, applyAsMentor } from "../../services/registration";
import { closeSession, openSession, rotateSession } from "../../services/sessions";
import { signAccessToken } from "../../services/tokens";
import { loginSchema, menteeSignupSchema, mentorApplicationSchema, required, roleField } from "../../validation/accounts";
import { fail } from "../errors";
import { authedProcedure, publicProcedure, router } from "../init";

export const WRONG_CREDENTIALS = "Please verify the entered Email and Password";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

export const authRouter = router({
  registerMentee: publicProcedure.input(menteeSignupSchema).mutation(async ({ ctx, input }) => {
    await registerMentee(ctx.db, input);
    return { message: "Your account has been created. Please sign in." };
  }),

  applyAsMentor: publicProcedure.input(mentorApplicationSchema).mutation(async ({ ctx, input }) => {
    await applyAsMentor(ctx.db, input);
    return { message: "Your application has been submitted. We will get back to you after verifying your details." };
  }),

  /** Wrong credentials answer 401 for mentees and 409 for mentors and moderators (the clients' contract). */
  login: publicProcedure.input(v.object({ role: roleField, ...loginSchema.entries })).mutation(async ({ ctx, input }) => {
    const { role, email, password } = input;
    if (await isLoginThrottled(ctx.db, role, email)) fail("TOO_MANY_REQUESTS", TOO_MANY_LOGINS_MESSAGE);
    const account = await findAccountByEmail(ctx.db, role, email);
    const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    if (!account || !account.passwordHash || !valid) {
      await recordFailedLogin(ctx.db, role, email);
      fail(role === "mentee" ? "UNAUTHORIZED" : "CONFLICT", WRONG_CREDENTIALS);
    }
    await clearFailedLogins(ctx.db, role, email);
    const refusal = accountRefusal(role, account);
    if (refusal) fail(refusal.code, refusal.message, refusal.details);

    const { sessionId, refreshToken } = await openSession(ctx.db, { role, userId: account.id });
    const accessToken = await signAccessToken(ctx.config.JWT_SECRET, { sub: account.id, role, sid: sessionId });
    await notify(ctx.db, ctx.env, ctx.waitUntil, { role, id: account.id }, {
      type: "alert",
      content: "New sign-in to your account. If this wasn't you, change your password.",
    });
    return { message: "Login successful", accessToken, refreshToken, user: accountSummary(account) };
  }),

  /** Rotates the refresh token: the old one stops working, a replayed one ends the whole sign-in. */
  refresh: publicProcedure
    .input(v.object({ role: roleField, refreshToken: required(v.pipe(v.string("refreshToken is required"), v.nonEmpty("refreshToken is required"), v.maxLength(200, "Invalid refresh token"))) }))
    .mutation(async ({ ctx, input }) => {
      const rotated = await rotateSession(ctx.db, input.refreshToken, input.role);
      if (!rotated.ok) fail("UNAUTHORIZED", SESSION_EXPIRED);
      const refusal = await currentRefusal(ctx.db, rotated.owner.role, rotated.owner.userId);
      if (refusal) {
        await closeSession(ctx.db, rotated.sessionId);
        fail(refusal.code, refusal.message, refusal.details);
      }
      const accessToken = await signAccessToken(ctx.config.JWT_SECRET, { sub: rotated.owner.userId, role: rotated.owner.role, sid: rotated.sessionId });
      return { accessToken, refreshToken: rotated.refreshToken };
    }),

  /** The signed-in account, for restoring a session; refused at once once the account is blocked. */
  session: authedProcedure.query(async ({ ctx }) => {
    const account = await findAccountById(ctx.db, ctx.auth.role, ctx.auth.sub);
    if (!account) fail("UNAUTHORIZED", SESSION_EXPIRED);
    return { role: ctx.auth.role, ...accountSummary(account) };
  }),

  logout: authedProcedure.input(v.object({ role: roleField })).mutation(async ({ ctx, input }) => {
    if (ctx.auth.role !== input.role) fail("FORBIDDEN", "This session belongs to another account type.");
    await closeSession(ctx.db, ctx.auth.sid);
    return { message: "Logged out" };
  }),
});
