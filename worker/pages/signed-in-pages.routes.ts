import { createTRPCClient, TRPCClientError, type TRPCLink, unstable_localLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { type Locale, requestLocale } from "../../shared/locale";
import type { Role } from "../../shared/role";
import { isTimeZone } from "../../shared/zoned-time";
import {
  DRAWN_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  renderSignedInPage,
  roleOfArea,
  SEARCHES_COOKIE,
  type Viewer,
  validSearches,
  ZONE_COOKIE,
} from "../../src/prerender/worker-entry";
import { pageCookieClaims } from "../accounts/page-session.routes";
import type { AccessClaims } from "../accounts/tokens";
import type { AppEnv } from "../platform/app-env";
import { logFailure } from "../platform/errors";
import { contextOf } from "../trpc/context-of";
import { type AppRouter, appRouter } from "../trpc/router";
import { appPage, filledPage, wantsAppPage } from "./app-page";

/**
 * A signed-in page with the person's data in the HTML (ADR 0028): a page of the mentee's, mentor's or
 * moderator's area, asked for with that role's page cookie (worker/accounts/page-session.routes.ts), is drawn by the app's
 * own components (src/prerender/draw-signed-in-page.tsx) with the reads its loaders start, answered here as this person;
 * the page paints before any script has run, and the app's first render draws the same page from the answers the
 * HTML carries. Without a valid cookie, or when the page cannot be drawn now (a sign-in that has ended, a blocked
 * account, a read that failed, longer than DRAW_WITHIN_MS), the plain app page is sent, and the app does what it did
 * before: its guard, its sign-in page, its loading states.
 */
export const signedInPageRoutes = new Hono<AppEnv>();

/** Past this, a far or slow database does not hold the page back: the app draws it instead. */
const DRAW_WITHIN_MS = 1_500;

signedInPageRoutes.get("*", async (c, next) => {
  const role = roleOfArea(c.req.path);
  if (!role || !wantsAppPage(c.req.raw)) return next();
  const claims = await pageCookieClaims(c, role);
  // What the app told of the browser (src/platform/worker-drawn-viewer.ts): its zone as the browser names it, so the times written
  // are its own to the letter, and a mentee's recent searches (her home suggests mentors from them; the app tells them,
  // none or some, whenever it starts). A page is not drawn for a browser that has not told them yet.
  const zone = getCookie(c, ZONE_COOKIE);
  const searches = getCookie(c, SEARCHES_COOKIE);
  if (!claims || !isTimeZone(zone) || (role === "mentee" && searches === undefined)) return next();
  const locale = requestLocale(c.req.raw.headers);
  const viewer = { locale, zone, searches: toldSearches(searches) };
  const url = new URL(c.req.url);
  const [page, drawn] = await Promise.all([
    appPage(c.env, c.req.url, locale),
    drawnPage(c, { href: `${url.pathname}${url.search}`, locale, role, userId: claims.sub, viewer }, claims),
  ]);
  // One person's page: never kept by a cache, shared or not (the next visit draws it anew).
  if (!drawn) return filledPage(page, "private, no-store");
  const rewritten = new HTMLRewriter()
    // The public pages' shells have no place on a signed-in page.
    .on(`#root>[${PRERENDER_ATTRIBUTE}]`, {
      element(el) {
        el.remove();
      },
    })
    .on("#root", {
      element(el) {
        el.prepend(`<div ${DRAWN_ATTRIBUTE}>${drawn.html}</div>`, { html: true });
      },
    })
    // The answers stay outside the page React takes over.
    .on("body", {
      element(el) {
        el.append(drawn.data, { html: true });
      },
    })
    .transform(page);
  return filledPage(rewritten, "private, no-store");
});

/** The recent searches a mentee's cookie tells (none when it tells nothing readable). */
function toldSearches(cookie: string | undefined): string[] {
  try {
    return cookie ? validSearches(JSON.parse(cookie)) : [];
  } catch {
    return [];
  }
}

type Drawn = { html: string; data: string };

/** The page asked for, as whom and for which browser. */
type PageAsked = { href: string; locale: Locale; role: Role; userId: string; viewer: Viewer };

async function drawnPage(c: Context<AppEnv>, page: PageAsked, claims: AccessClaims): Promise<Drawn | null> {
  const context = { ...(await contextOf(c)), auth: claims };
  // The reads travel as a call of the API would (the same account check in each), logged the same way when they fail.
  const local = unstable_localLink({
    router: appRouter,
    createContext: async () => context,
    onError: ({ error, path }) => logFailure(context.requestId, `drawing ${page.href}: ${path ?? "-"}`, error),
  });
  const client = createTRPCClient<AppRouter>({ links: [readsOnly, local] });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), DRAW_WITHIN_MS)));
  try {
    return await Promise.race([renderSignedInPage({ ...page, client }), late]);
  } catch (error) {
    // A read's failure was logged by the link when it was the server's (a sign-in that has ended or a blocked account
    // is the app's to say: it clears the record and says why); a failure to draw is logged here.
    if (!(error instanceof Error && error.cause instanceof TRPCClientError))
      console.error(`[${context.requestId}] drawing ${page.href} failed`, error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Drawing a page reads; a page's loader that tried to change something would be refused here, never run. */
const readsOnly: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    op.type === "query"
      ? next(op)
      : observable((observer) => observer.error(TRPCClientError.from(new Error(`A page may only read: ${op.path} is a ${op.type}`))));
