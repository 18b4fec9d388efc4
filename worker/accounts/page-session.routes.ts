import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { isRole, type Role } from "../../shared/role";
import type { AppEnv } from "../platform/app-env";
import { secureCookies } from "../platform/cookies";
import { fail } from "../platform/domain-error";
import { readConfig } from "../platform/env";
import { bearerToken } from "../trpc/context";
import { SIGNED_OUT_MESSAGE } from "./accounts";
import { REFRESH_TOKEN_TTL_MS } from "./sessions";
import { type AccessClaims, signPageToken, verifyAccessToken, verifyPageToken } from "./tokens";

/**
 * A signed-in page's cookie (ADR 0028). The app keeps its sign-in in the page's storage (SPEC §3), which
 * a page request does not carry; so that the Worker can draw a person's page with her data, the app asks for this
 * cookie once signed in: HttpOnly (no script reads it), SameSite=Lax, one per role (a browser may hold a mentee's
 * and a mentor's sign-in at once), and good for drawing that role's pages only (worker/pages/signed-in-pages.routes.ts),
 * never for a call of the API.
 */
export const pageSessionRoutes = new Hono<AppEnv>();

const PAGE_COOKIE_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;
const cookieName = (role: Role) => `page_${role}`;
const cookieOptions = (c: Context<AppEnv>) => ({ path: "/", httpOnly: true, secure: secureCookies(c), sameSite: "Lax" }) as const;

// Set from the access token the app holds: the cookie names the same account, role and sign-in.
pageSessionRoutes.post("/page-session", async (c) => {
  const secret = readConfig(c.env).JWT_SECRET;
  const token = bearerToken(c.req.raw);
  const claims = token ? await verifyAccessToken(secret, token) : null;
  if (!claims) fail("UNAUTHORIZED", SIGNED_OUT_MESSAGE);
  setCookie(c, cookieName(claims.role), await signPageToken(secret, claims, PAGE_COOKIE_SECONDS), {
    ...cookieOptions(c),
    maxAge: PAGE_COOKIE_SECONDS,
  });
  c.header("cache-control", "no-store");
  return c.body(null, 204);
});

// Cleared when the app ends that role's sign-in here (signing out, a block, a sign-in that can no longer be refreshed).
pageSessionRoutes.delete("/page-session/:role", (c) => {
  const role = c.req.param("role");
  if (!isRole(role)) fail("NOT_FOUND", "There is no such role.");
  deleteCookie(c, cookieName(role), cookieOptions(c));
  c.header("cache-control", "no-store");
  return c.body(null, 204);
});

/** The account, role and sign-in this request's page cookie for `role` names, when it is valid; else null. */
export async function pageCookieClaims(c: Context<AppEnv>, role: Role): Promise<AccessClaims | null> {
  const token = getCookie(c, cookieName(role));
  const claims = token ? await verifyPageToken(readConfig(c.env).JWT_SECRET, token) : null;
  return claims?.role === role ? claims : null;
}
