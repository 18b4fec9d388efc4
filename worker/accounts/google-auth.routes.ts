import { generateCodeVerifier, generateState } from "arctic";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { GoogleConfirmError, GoogleError } from "../../shared/google-sign-in";
import { requestLocale } from "../../shared/locale";
import { notify } from "../notifications/notifications";
import type { AppEnv } from "../platform/app-env";
import { currentTime, requestNow } from "../platform/clock";
import { secureCookies } from "../platform/cookies";
import { dbFor } from "../platform/database";
import { readConfig } from "../platform/env";
import { GOOGLE_CALLBACK_PATH, GOOGLE_START_PATH, type GoogleIdentity } from "../platform/ports/google-provider";
import { thirdPartiesOf } from "../platform/ports/third-parties";
import { RESTORED_MESSAGE, restoreOnSignIn } from "../privacy/account-deletion";
import { confirmWithGoogle, openTicket } from "../privacy/google-confirmation";
import { accountSummary } from "./accounts";
import { blockedNoticeToken } from "./blocked-notice";
import { menteeForGoogle } from "./google-sign-in";
import { openSession } from "./sessions";
import { alertSignIn } from "./sign-in-alert";
import { signAccessToken } from "./tokens";

/**
 * "Sign in with Google" for mentees (SPEC §2, §4, §7). The popup opens the start path,
 * which keeps the OAuth state and PKCE verifier in short-lived HttpOnly cookies and sends the popup
 * to Google. The callback checks both, signs the mentee in (or creates her account) and sends the
 * popup to /auth/mentee/googleauthsuccess with the session in the URL fragment, which never
 * reaches a server or a log; that page clears it at once and hands it only to the window that
 * started this sign-in (the handoff below). Failures go to the same page as `#error=<code>`.
 */
export const googleAuthRoutes = new Hono<AppEnv>();

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
const COOKIE_PATH = GOOGLE_START_PATH;
const COOKIE_SECONDS = 10 * 60;
export const SUCCESS_PAGE = "/auth/mentee/googleauthsuccess";

/**
 * The opener's one-time value: the login page makes it, keeps it, and opens the start path
 * with `?handoff=`; it travels in a cookie to the callback and back in the fragment, and the page
 * hands the session to the opener only when it matches what the opener kept.
 */
const HANDOFF_COOKIE = "google_handoff";
const HANDOFF_PATTERN = /^[\w-]{22,64}$/;

/**
 * "Confirm with Google" before deleting an account (ADR 0042): the card's start ticket, kept for the callback, which
 * then gives a deletion proof instead of a session (worker/privacy/google-confirmation.ts).
 */
const CONFIRM_COOKIE = "google_confirm";

function toPopupPage(
  c: Context<AppEnv>,
  fragment: { error: GoogleError | GoogleConfirmError; notice?: string; purpose?: "confirm" } | Record<string, string>,
) {
  const url = `${SUCCESS_PAGE}#${new URLSearchParams(fragment).toString()}`;
  c.header("referrer-policy", "no-referrer");
  c.header("cache-control", "no-store");
  return c.redirect(url, 302);
}

googleAuthRoutes.get(GOOGLE_START_PATH, (c) => {
  const provider = thirdPartiesOf(c.env).google(new URL(c.req.url).origin);
  if (!provider) return toPopupPage(c, { error: "not_configured" });
  const state = generateState();
  const verifier = generateCodeVerifier();
  const cookie = { path: COOKIE_PATH, httpOnly: true, secure: secureCookies(c), sameSite: "Lax", maxAge: COOKIE_SECONDS } as const;
  setCookie(c, STATE_COOKIE, state, cookie);
  setCookie(c, VERIFIER_COOKIE, verifier, cookie);
  const handoff = c.req.query("handoff");
  if (handoff && HANDOFF_PATTERN.test(handoff)) setCookie(c, HANDOFF_COOKIE, handoff, cookie);
  // The ticket is checked at the callback (it names the account and the sign-in). It is kept with this flow's state,
  // so a confirmation left unfinished never turns a later plain sign-in into one.
  const ticket = c.req.query("confirm");
  if (ticket && ticket.length <= 2000) setCookie(c, CONFIRM_COOKIE, `${state}~${ticket}`, cookie);
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.redirect(provider.authorizationUrl(state, verifier, { fresh: Boolean(ticket) }).toString(), 302);
});

googleAuthRoutes.get(GOOGLE_CALLBACK_PATH, async (c) => {
  const config = readConfig(c.env);
  const origin = new URL(c.req.url).origin;
  const provider = thirdPartiesOf(c.env).google(origin);
  const state = getCookie(c, STATE_COOKIE);
  const verifier = getCookie(c, VERIFIER_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
  deleteCookie(c, VERIFIER_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
  const handoff = getCookie(c, HANDOFF_COOKIE);
  deleteCookie(c, HANDOFF_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
  const confirming = getCookie(c, CONFIRM_COOKIE);
  if (confirming !== undefined) deleteCookie(c, CONFIRM_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
  const [confirmState, ticket] = confirming?.split("~") ?? [];
  if (ticket && state && confirmState === state) return confirmCallback(c, ticket, { state, verifier, handoff });
  if (!provider) return toPopupPage(c, { error: "not_configured" });
  if (c.req.query("error")) return toPopupPage(c, { error: "cancelled" });
  const code = c.req.query("code");
  if (!code || !state || !verifier || c.req.query("state") !== state) return toPopupPage(c, { error: "expired" });

  let identity: GoogleIdentity;
  try {
    identity = await provider.identity(code, verifier);
  } catch (error) {
    console.warn(`[${c.get("requestId")}] Google code exchange failed`, error);
    return toPopupPage(c, { error: "failed" });
  }
  const db = dbFor(config);
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  const now = requestNow(config, c.req.raw);
  const result = await menteeForGoogle(
    { db, env: c.env, waitUntil, now: now.getTime(), locale: requestLocale(c.req.raw.headers) },
    identity,
  );
  if (!result.ok) {
    // A blocked mentee reads why and how to appeal: the page trades this signed notice for her message.
    if (result.reason === "blocked" && result.userId)
      return toPopupPage(c, { error: "blocked", notice: await blockedNoticeToken(config.JWT_SECRET, result.userId, now.getTime()) });
    return toPopupPage(c, { error: result.reason });
  }

  const { account } = result;
  // Signing in within the grace period of a deletion she asked for restores her account (ADR 0042); her bell says so.
  if (await restoreOnSignIn(db, { role: "mentee", id: account.id }, now))
    await notify(
      { db, env: c.env, waitUntil, now },
      { role: "mentee", id: account.id },
      { type: "alert", kind: "account", content: RESTORED_MESSAGE },
    );
  const { sessionId, refreshToken } = await openSession(db, { role: "mentee", userId: account.id });
  const accessToken = await signAccessToken(config.JWT_SECRET, { sub: account.id, role: "mentee", sid: sessionId });
  await alertSignIn(
    { db, env: c.env, waitUntil, now, origin: new URL(c.req.url).origin, userAgent: c.req.header("user-agent") ?? null },
    { role: "mentee", id: account.id },
    { sessionId, how: "google" },
  );
  const summary = accountSummary(account);
  const session = { menteeName: summary.name, menteeId: summary.id, accessToken, refreshToken, profileImageUrl: summary.profileImageUrl };
  return toPopupPage(c, handoff ? { ...session, handoff } : session);
});

/**
 * The callback of "Confirm with Google": no session is opened and nothing about the account changes; the popup page
 * hands the proof (or why there is none) to the card that holds the same one-time value.
 */
async function confirmCallback(c: Context<AppEnv>, ticket: string, flow: { state?: string; verifier?: string; handoff?: string }) {
  const config = readConfig(c.env);
  const provider = thirdPartiesOf(c.env).google(new URL(c.req.url).origin);
  const answer = (fragment: { error: GoogleConfirmError } | { proof: string }) =>
    toPopupPage(c, { purpose: "confirm", ...fragment, ...(flow.handoff ? { handoff: flow.handoff } : {}) });
  if (!provider) return answer({ error: "not_configured" });
  if (c.req.query("error")) return answer({ error: "cancelled" });
  const code = c.req.query("code");
  const asker = await openTicket(config.JWT_SECRET, ticket);
  if (!asker || !code || !flow.state || !flow.verifier || c.req.query("state") !== flow.state) return answer({ error: "expired" });
  let identity: GoogleIdentity;
  try {
    identity = await provider.identity(code, flow.verifier);
  } catch (error) {
    console.warn(`[${c.get("requestId")}] Google code exchange failed (confirming a deletion)`, error);
    return answer({ error: "failed" });
  }
  // Proofs are sign-in lifetimes: on the real clock, as every token is (worker/platform/clock.ts).
  return answer(await confirmWithGoogle(dbFor(config), config.JWT_SECRET, asker, identity, currentTime()));
}

/** The popup page itself is the SPA; served here only to add `Referrer-Policy: no-referrer`. */
googleAuthRoutes.get(`${SUCCESS_PAGE}/*`, (c) => spaWithoutReferrer(c));
googleAuthRoutes.get(SUCCESS_PAGE, (c) => spaWithoutReferrer(c));

async function spaWithoutReferrer(c: Context<AppEnv>) {
  const asset = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
  const response = new Response(asset.body, asset);
  response.headers.set("referrer-policy", "no-referrer");
  response.headers.set("cache-control", "no-store");
  return response;
}
