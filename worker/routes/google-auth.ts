import { generateCodeVerifier, generateState } from "arctic";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import { readConfig } from "../env";
import { accountSummary } from "../services/accounts";
import { googleProviderFor, GOOGLE_CALLBACK_PATH, GOOGLE_START_PATH } from "../services/google/provider";
import { menteeForGoogle } from "../services/google/sign-in";
import { notify } from "../services/notifications";
import { openSession } from "../services/sessions";
import { signAccessToken } from "../services/tokens";
import { dbFor } from "../trpc/context";

/**
 * "Sign in with Google" for mentees (SPEC §2, §4, §7; issue 12). The popup opens the start path,
 * which keeps the OAuth state and PKCE verifier in short-lived HttpOnly cookies and sends the popup
 * to Google. The callback checks both, signs the mentee in (or creates her account) and sends the
 * popup to /auth/mentee/googleauthsuccess with the session in the URL fragment, which never
 * reaches a server or a log; that page clears it at once. Failures go to the same page as `#error=`.
 */
export const googleAuthRoutes = new Hono<AppEnv>();

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
const COOKIE_PATH = GOOGLE_START_PATH;
const COOKIE_SECONDS = 10 * 60;
export const SUCCESS_PAGE = "/auth/mentee/googleauthsuccess";

export const GOOGLE_MESSAGES = {
  notConfigured: "Google sign-in is not configured on this server. Please sign in with your e-mail and password.",
  expired: "This Google sign-in has expired or was started in another window. Please try again.",
  cancelled: "Google sign-in was cancelled.",
  failed: "Google sign-in failed. Please try again.",
} as const;

/** Secure everywhere but plain-http local runs (http://127.0.0.1 in tests), where a browser would drop a Secure cookie. */
const isSecure = (c: Context<AppEnv>) => new URL(c.req.url).protocol === "https:" || readConfig(c.env).ENVIRONMENT === "production";

function toPopupPage(c: Context<AppEnv>, fragment: Record<string, string>) {
  const url = `${SUCCESS_PAGE}#${new URLSearchParams(fragment).toString()}`;
  c.header("referrer-policy", "no-referrer");
  c.header("cache-control", "no-store");
  return c.redirect(url, 302);
}

googleAuthRoutes.get(GOOGLE_START_PATH, (c) => {
  const config = readConfig(c.env);
  const provider = googleProviderFor(config, new URL(c.req.url).origin);
  if (!provider) return toPopupPage(c, { error: GOOGLE_MESSAGES.notConfigured });
  const state = generateState();
  const verifier = generateCodeVerifier();
  const cookie = { path: COOKIE_PATH, httpOnly: true, secure: isSecure(c), sameSite: "Lax", maxAge: COOKIE_SECONDS } as const;
  setCookie(c, STATE_COOKIE, state, cookie);
  setCookie(c, VERIFIER_COOKIE, verifier, cookie);
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.redirect(provider.authorizationUrl(state, verifier).toString(), 302);
});

googleAuthRoutes.get(GOOGLE_CALLBACK_PATH, async (c) => {
  const config = readConfig(c.env);
  const origin = new URL(c.req.url).origin;
  const provider = googleProviderFor(config, origin);
  const state = getCookie(c, STATE_COOKIE);
  const verifier = getCookie(c, VERIFIER_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: isSecure(c) });
  deleteCookie(c, VERIFIER_COOKIE, { path: COOKIE_PATH, secure: isSecure(c) });
  if (!provider) return toPopupPage(c, { error: GOOGLE_MESSAGES.notConfigured });
  if (c.req.query("error")) return toPopupPage(c, { error: GOOGLE_MESSAGES.cancelled });
  const code = c.req.query("code");
  if (!code || !state || !verifier || c.req.query("state") !== state) return toPopupPage(c, { error: GOOGLE_MESSAGES.expired });

  let identity;
  try {
    identity = await provider.identity(code, verifier);
  } catch (error) {
    console.warn(`[${c.get("requestId")}] Google code exchange failed`, error);
    return toPopupPage(c, { error: GOOGLE_MESSAGES.failed });
  }
  const db = dbFor(config);
  const result = await menteeForGoogle(db, identity);
  if (!result.ok) return toPopupPage(c, { error: result.message });

  const { account } = result;
  const { sessionId, refreshToken } = await openSession(db, { role: "mentee", userId: account.id });
  const accessToken = await signAccessToken(config.JWT_SECRET, { sub: account.id, role: "mentee", sid: sessionId });
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  await notify(db, c.env, waitUntil, { role: "mentee", id: account.id }, {
    type: "alert",
    content: "New sign-in to your account with Google. If this wasn't you, change your password.",
  });
  const summary = accountSummary(account);
  return toPopupPage(c, { menteeName: summary.name, menteeId: summary.id, accessToken, refreshToken, profileImageUrl: summary.profileImageUrl });
});

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
