import * as v from "valibot";
import { LOCALES } from "../../shared/locale";
import {
  blockedNoticeSchema,
  loginSchema,
  menteeSignupSchema,
  mentorApplicationSchema,
  required,
  roleField,
} from "../../shared/validation/accounts";
import { fail } from "../platform/domain-error";
import { thirdPartiesOf } from "../platform/ports/third-parties";
import { RESTORED_MESSAGE, restoreOnSignIn } from "../privacy/account-deletion";
import { disconnectSignIns } from "../realtime/push";
import type { Context } from "../trpc/context";
import { authedProcedure, publicProcedure, router } from "../trpc/init";
import { accountRefusal, accountSummary, currentRefusal, findAccountByEmail, findAccountById, setAccountLocale } from "./accounts";
import { blockedNoticeMessage, blockedSignInMessage } from "./blocked-notice";
import { refuseCommonPassword } from "./common-passwords";
import { acceptAttempt, reserveAttempt } from "./login-throttle";
import { decoyHash, verifyPassword } from "./passwords";
import { applyAsMentor, registerMentee } from "./registration";
import { closeSession, openSession, renewSession, rotateSession, type SessionOwner } from "./sessions";
import { alertSignIn } from "./sign-in-alert";
import { signAccessToken } from "./tokens";

/** A rejected applicant's new application waits for the mailed link. */
export const REAPPLY_HELD_MESSAGE =
  "Please check your e-mail: open the link we sent to confirm your new application. Nothing changes until you do.";
export const WRONG_CREDENTIALS = "Please verify the entered Email and Password";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

const refreshInput = v.object({
  role: roleField,
  refreshToken: required(
    v.pipe(v.string("refreshToken is required"), v.nonEmpty("refreshToken is required"), v.maxLength(200, "Invalid refresh token")),
  ),
});

/** A new access token for the sign-in a refresh token proved, unless the account may no longer be used (then that sign-in ends). */
async function issueAccessToken(ctx: Context, proved: { owner: SessionOwner; sessionId: string }): Promise<string> {
  const refusal = await currentRefusal(ctx.db, proved.owner.role, proved.owner.userId);
  if (refusal) {
    await closeSession(ctx.db, proved.sessionId);
    fail(refusal.code, refusal.message, refusal.details);
  }
  return signAccessToken(ctx.config.JWT_SECRET, { sub: proved.owner.userId, role: proved.owner.role, sid: proved.sessionId });
}

/** Every sign-up is counted per (e-mail, network) and per network before any work, kept or refused (ADR 0005). */
async function reserveSignUp(ctx: Context, role: "mentee" | "mentor", email: string): Promise<void> {
  const refused = await reserveAttempt(
    ctx.db,
    "sign-up",
    { role, email: email.trim().toLowerCase(), address: ctx.address },
    ctx.now.getTime(),
  );
  if (refused) fail("TOO_MANY_REQUESTS", refused);
}

export const authRouter = router({
  /** What the sign-in page offers: Google only when credentials are set (or the local stand-in in development). */
  signInOptions: publicProcedure.query(({ ctx }) => ({ google: thirdPartiesOf(ctx.env).google(ctx.origin) !== null })),

  /** A Google sign-in refused for a block: the signed notice of the callback traded for why and how to appeal. */
  blockedNotice: publicProcedure.input(blockedNoticeSchema).query(async ({ ctx, input }) => {
    const message = await blockedNoticeMessage(ctx.db, ctx.config.JWT_SECRET, ctx.config.MAIL_FROM, input.notice);
    if (!message) fail("NOT_FOUND", "This notice has expired. Try signing in again to see it.");
    return { message };
  }),

  registerMentee: publicProcedure.input(menteeSignupSchema).mutation(async ({ ctx, input }) => {
    await refuseCommonPassword(input.password);
    await reserveSignUp(ctx, "mentee", input.email);
    await registerMentee(ctx, { ...input, locale: ctx.locale }, ctx.now.getTime());
    return { message: "Your account has been created. Please sign in." };
  }),

  applyAsMentor: publicProcedure.input(mentorApplicationSchema).mutation(async ({ ctx, input }) => {
    await refuseCommonPassword(input.password);
    await reserveSignUp(ctx, "mentor", input.email);
    const outcome = await applyAsMentor(ctx, { ...input, locale: ctx.locale }, ctx.now);
    if (outcome === "held") return { message: REAPPLY_HELD_MESSAGE, confirmByEmail: true };
    return { message: "Your application has been submitted. We will get back to you after verifying your details.", confirmByEmail: false };
  }),

  /** Wrong credentials answer 401 for mentees and 409 for mentors and moderators (the clients' contract). */
  login: publicProcedure.input(v.object({ role: roleField, ...loginSchema.entries })).mutation(async ({ ctx, input }) => {
    const { role, email, password } = input;
    const subject = { role, email, address: ctx.address };
    const now = ctx.now.getTime();
    // The attempt is counted before the password is checked, so a burst cannot outrun the limit.
    const throttled = await reserveAttempt(ctx.db, "login", subject, now);
    if (throttled) fail("TOO_MANY_REQUESTS", throttled);
    const account = await findAccountByEmail(ctx.db, role, email);
    const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    if (!account?.passwordHash || !valid) fail(role === "mentee" ? "UNAUTHORIZED" : "CONFLICT", WRONG_CREDENTIALS);
    await acceptAttempt(ctx.db, "login", subject, now);
    const refusal = accountRefusal(role, account);
    // A blocked person is told why and how to appeal.
    if (refusal?.details.blocked) fail(refusal.code, await blockedSignInMessage(ctx.db, account.id, ctx.config.MAIL_FROM), refusal.details);
    if (refusal) fail(refusal.code, refusal.message, refusal.details);

    // Signing in within the grace period of a deletion she asked for restores her account (ADR 0042).
    const restored = await restoreOnSignIn(ctx.db, { role, id: account.id }, ctx.now);
    const { sessionId, refreshToken } = await openSession(ctx.db, { role, userId: account.id });
    const accessToken = await signAccessToken(ctx.config.JWT_SECRET, { sub: account.id, role, sid: sessionId });
    await alertSignIn(ctx, { role, id: account.id }, { sessionId, how: "password" });
    return {
      message: "Login successful",
      accessToken,
      refreshToken,
      user: accountSummary(account),
      ...(restored ? { restored: true, notice: RESTORED_MESSAGE } : {}),
    };
  }),

  /** Rotates the refresh token: the old one stops working, a replayed one ends the whole sign-in. */
  refresh: publicProcedure.input(refreshInput).mutation(async ({ ctx, input }) => {
    const rotated = await rotateSession(ctx.db, input.refreshToken, input.role);
    if (!rotated.ok) fail("UNAUTHORIZED", SESSION_EXPIRED);
    return { accessToken: await issueAccessToken(ctx, rotated), refreshToken: rotated.refreshToken };
  }),

  /**
   * The REST `regenerate_access_token` of SPEC §7: a new access token, and the same refresh token
   * back, which stays valid (no rotation; ADR 0005). Legacy clients keep their first refresh token.
   */
  renew: publicProcedure.input(refreshInput).mutation(async ({ ctx, input }) => {
    const renewed = await renewSession(ctx.db, input.refreshToken, input.role);
    if (!renewed.ok) fail("UNAUTHORIZED", SESSION_EXPIRED);
    return { accessToken: await issueAccessToken(ctx, renewed), refreshToken: input.refreshToken };
  }),

  /** The signed-in account, for restoring a session; refused at once once the account is blocked. */
  session: authedProcedure.query(async ({ ctx }) => {
    const account = await findAccountById(ctx.db, ctx.auth.role, ctx.auth.sub);
    if (!account) fail("UNAUTHORIZED", SESSION_EXPIRED);
    return { role: ctx.auth.role, ...accountSummary(account) };
  }),

  /** The language she chose in the switcher (ADR 0027): the app, her e-mails and her reminders speak it from now on. */
  setLocale: authedProcedure
    .input(v.object({ locale: v.picklist(LOCALES, "Choose English or Hindi") }))
    .mutation(async ({ ctx, input }) => {
      await setAccountLocale(ctx.db, ctx.auth.role, ctx.auth.sub, input.locale);
      return { locale: input.locale };
    }),

  logout: authedProcedure.input(v.object({ role: roleField })).mutation(async ({ ctx, input }) => {
    if (ctx.auth.role !== input.role) fail("FORBIDDEN", "This session belongs to another account type.");
    const familyId = await closeSession(ctx.db, ctx.auth.sid);
    // Every tab of this sign-in stops receiving pushes now, not when its token expires.
    if (familyId) disconnectSignIns(ctx, { role: ctx.auth.role, id: ctx.auth.sub }, { only: familyId }, "signed-out", ctx.now);
    return { message: "Logged out" };
  }),
});
