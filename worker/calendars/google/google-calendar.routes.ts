import { generateCodeVerifier, generateState } from "arctic";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { pageCookieClaims } from "../../accounts/page-session.routes";
import type { AppEnv } from "../../platform/app-env";
import { secureCookies } from "../../platform/cookies";
import { readConfig } from "../../platform/env";
import { restErrorResponse } from "../../rest/adapter";
import { authorize } from "../../trpc/authorize";
import { contextOf } from "../../trpc/context-of";
import { connectCalendar, pullSoon } from "../sync/connections";
import { CHANNEL_ID, channelToken, sameToken } from "./google-channels";
import { CALENDAR_CALLBACK_PATH, CALENDAR_CONNECT_PATH, calendarConsent } from "./google-consent";
import { keepGoogleWatches, NOTIFICATIONS_PATH, watchedSourceOf } from "./google-watches";

/**
 * A mentor connects her Google Calendar, and Google tells us when it changes.
 * - The connect path (a navigation from her Calendars card, signed in as a mentor by her token or her page
 *   cookie, ADR 0028) keeps the OAuth state, the PKCE verifier and who she is in a short-lived HttpOnly
 *   cookie and sends her to Google's consent for her calendars.
 * - The callback checks all three against the mentor still signed in, exchanges the code, and keeps the
 *   connection; she lands back on her scheduler with `?calendars=<outcome>`.
 * - The notifications path takes Google's pushes for our watch channels: a known channel with its token asks
 *   for a pull of that calendar, in the background; anything else is refused without a 500.
 */
export const googleCalendarRoutes = new Hono<AppEnv>();

const FLOW_COOKIE = "google_calendar_flow";
const COOKIE_PATH = "/api/calendars/google";
const COOKIE_SECONDS = 10 * 60;
export const CALENDARS_PAGE = "/mentors/scheduler";

/** Where the mentor lands, and what happened: connected, or why not (the card says it in her language). */
export type ConnectOutcome = "connected" | "cancelled" | "expired" | "scopes" | "failed" | "not_configured" | "signed_out";

function back(c: Context<AppEnv>, outcome: ConnectOutcome) {
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.redirect(`${CALENDARS_PAGE}?calendars=${outcome}`, 302);
}

/** The mentor of this request: her bearer token (a call) or her page cookie (a navigation), with the account check. */
async function signedInMentor(c: Context<AppEnv>) {
  const ctx = await contextOf(c);
  const claims = ctx.auth ?? (await pageCookieClaims(c, "mentor"));
  const auth = await authorize({ ...ctx, auth: claims }, ["mentor"]);
  return { ctx, mentorId: auth.sub };
}

googleCalendarRoutes.get(CALENDAR_CONNECT_PATH, async (c) => {
  let mentorId: string;
  try {
    ({ mentorId } = await signedInMentor(c));
  } catch (error) {
    return restErrorResponse(error, c.get("requestId"), `GET ${CALENDAR_CONNECT_PATH}`);
  }
  const consent = calendarConsent(readConfig(c.env), `${new URL(c.req.url).origin}${CALENDAR_CALLBACK_PATH}`);
  if (!consent) return back(c, "not_configured");
  const state = generateState();
  const verifier = generateCodeVerifier();
  setCookie(c, FLOW_COOKIE, JSON.stringify({ state, verifier, mentorId }), {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: secureCookies(c),
    sameSite: "Lax",
    maxAge: COOKIE_SECONDS,
  });
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.redirect(consent.authorizationUrl(state, verifier).toString(), 302);
});

googleCalendarRoutes.get(CALENDAR_CALLBACK_PATH, async (c) => {
  const flow = readFlow(getCookie(c, FLOW_COOKIE));
  deleteCookie(c, FLOW_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
  let signedIn: Awaited<ReturnType<typeof signedInMentor>>;
  try {
    signedIn = await signedInMentor(c);
  } catch {
    return back(c, "signed_out");
  }
  const consent = calendarConsent(readConfig(c.env), `${new URL(c.req.url).origin}${CALENDAR_CALLBACK_PATH}`);
  if (!consent) return back(c, "not_configured");
  if (c.req.query("error")) return back(c, "cancelled");
  const code = c.req.query("code");
  // The flow this browser started, for the mentor signed in now: a code meant for another never connects here.
  if (!code || !flow || c.req.query("state") !== flow.state || flow.mentorId !== signedIn.mentorId) return back(c, "expired");
  const { ctx, mentorId } = signedIn;
  try {
    const grant = await consent.exchange(code, flow.verifier, ctx.now);
    if ("refused" in grant) return back(c, grant.refused === "scopes" ? "scopes" : "failed");
    await connectCalendar(ctx, {
      mentorId,
      provider: "google",
      accountLabel: grant.email,
      serverUrl: null,
      credentials: grant.credentials,
      origin: new URL(c.req.url).origin,
    });
    // Google pushes from now on, not from the next minute's sweep.
    ctx.waitUntil(keepGoogleWatches(ctx, { mentorId }).catch((error) => console.warn(`[${ctx.requestId}] first Google watch`, error)));
  } catch (error) {
    console.warn(`[${c.get("requestId")}] connecting a Google Calendar failed`, error);
    return back(c, "failed");
  }
  return back(c, "connected");
});

function readFlow(value: string | undefined): { state: string; verifier: string; mentorId: string } | null {
  try {
    const flow = value ? JSON.parse(value) : null;
    return typeof flow?.state === "string" && typeof flow.verifier === "string" && typeof flow.mentorId === "string" ? flow : null;
  } catch {
    return null;
  }
}

googleCalendarRoutes.post(NOTIFICATIONS_PATH, async (c) => {
  const channelId = c.req.header("x-goog-channel-id") ?? "";
  const token = c.req.header("x-goog-channel-token") ?? "";
  const state = c.req.header("x-goog-resource-state");
  if (!CHANNEL_ID.test(channelId) || !state) return c.json({ message: "google: not a channel notification" }, 400);
  const ctx = await contextOf(c);
  if (!sameToken(token, await channelToken(ctx.config.JWT_SECRET, channelId))) return c.json({ message: "google: unknown channel" }, 403);
  const source = await watchedSourceOf(ctx.db, channelId, c.req.header("x-goog-resource-id") ?? null, ctx.now);
  // Google stops a channel that answers 404: one we no longer read (disconnected, renewed) goes quiet.
  if (!source) return c.json({ message: "google: unknown channel" }, 404);
  // `sync` only says the channel started; `exists` (and `not_exists`) say the calendar changed.
  if (state !== "sync")
    ctx.waitUntil(pullSoon(ctx, source.sourceId).catch((error) => console.error(`[${ctx.requestId}] pull after a Google push`, error)));
  return c.body(null, 200);
});
