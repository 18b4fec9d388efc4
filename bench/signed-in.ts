import { chromium, type Page } from "playwright-core";
import { DEMO_PASSWORD } from "../db/factories";
import { type Role, type SeededSession, STORAGE_KEY, sessionRecord } from "../tests/support/session-record";

/**
 * Signed-in Lighthouse runs (ADR 0028): a seeded demo account signs in over the REST API, and its
 * session record is written into the fresh Chromium's local storage before Lighthouse loads the
 * page (Lighthouse then keeps storage: `disableStorageReset`). The record is written on a blank
 * same-origin document served by an interception, so the HTTP cache stays cold, as for a phone
 * opening the app after signing in yesterday.
 */

const LOGIN: Record<Role, { path: string; prefix: string }> = {
  mentee: { path: "/api/mentees/login", prefix: "" },
  mentor: { path: "/api/mentors/login", prefix: "mentor" },
  moderator: { path: "/api/moderator/login", prefix: "moderator" },
};

/** The demo account's session, from the same sign-in its owner would use. */
export async function demoSession(baseUrl: string, role: Role, email: string): Promise<SeededSession> {
  const { path, prefix } = LOGIN[role];
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Signing in ${email} as a ${role} failed: ${response.status} ${JSON.stringify(body)}`);
  const key = (name: string) => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name);
  const name = String(body[`${role}Name`] ?? body.name ?? email);
  return {
    id: String(body[`${role}Id`]),
    name,
    accessToken: String(body[key("accessToken")]),
    refreshToken: String(body[key("refreshToken")]),
  };
}

/** Gets the cookies the app gets once signed in (src/platform/page-cookie.ts): the role's page cookie and the browser's zone. */
export async function withPageCookies(page: Page, accessToken: string): Promise<void> {
  const status = await page.evaluate(async (token) => {
    document.cookie = `zone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}; Path=/; SameSite=Lax`;
    document.cookie = `searches=${encodeURIComponent(localStorage.getItem("mentorlink:recent-searches") ?? "[]")}; Path=/mentees; SameSite=Lax`;
    return (await fetch("/page-session", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status;
  }, accessToken);
  if (status !== 204) throw new Error(`The page cookie was refused: ${status}`);
}

/** Writes the session into the local storage of the Chromium listening on `port`, for `baseUrl`'s origin. */
export async function seedLocalStorage(port: number, baseUrl: string, role: Role, session: SeededSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    const seedUrl = new URL("/__bench-seed", baseUrl).href;
    await page.route(seedUrl, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>seed</title>" }),
    );
    await page.goto(seedUrl);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEY[role],
      JSON.stringify(sessionRecord(role, session)),
    ] as const);
    // And the cookies the app asks for once signed in: the page cookie and the zone, so the Worker draws the page.
    await withPageCookies(page, session.accessToken);
    await page.close();
  } finally {
    await browser.close();
  }
}
