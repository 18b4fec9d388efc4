import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mentees } from "../../db/schema";
import { startStack, type Stack } from "../../scripts/built-stack";
import { BLOCKED_MESSAGE } from "../../worker/services/accounts";
import { UNVERIFIED_GOOGLE_EMAIL } from "../../worker/services/google/sign-in";
import { GOOGLE_MESSAGES } from "../../worker/routes/google-auth";
import { createMentee, setBlocked, testDb, uniqueEmail } from "../support/accounts";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeGoogle, type FakeIdentity } from "../support/fake-google";

/**
 * Issue 12 §3: the Google callback against a fake Google at the HTTP boundary. A second Worker on
 * the shared test database, configured with Google credentials and GOOGLE_OAUTH_URL = the fake.
 */
let stack: Stack;
const google = new FakeGoogle();

beforeAll(async () => {
  await google.start();
  stack = await startStack({
    dbUrl: inject("dbUrl"),
    vars: { JWT_SECRET: inject("jwtSecret"), GOOGLE_CLIENT_ID: FAKE_CLIENT_ID, GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET, GOOGLE_OAUTH_URL: google.url },
  });
});
afterAll(async () => {
  await stack?.stop();
  await google.stop();
});

type Started = { location: string; cookies: string; state: string };

async function start(): Promise<Started> {
  const response = await fetch(`${stack.baseUrl}/api/mentees/google_auth_mentee`, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  const setCookies = response.headers.getSetCookie();
  for (const c of setCookies) expect(c).toMatch(/HttpOnly/i);
  for (const c of setCookies) expect(c).toMatch(/Max-Age=600/);
  const cookies = setCookies.map((c) => c.split(";")[0]).join("; ");
  return { location, cookies, state: new URL(location).searchParams.get("state")! };
}

async function callback(query: Record<string, string>, cookies: string) {
  const response = await fetch(`${stack.baseUrl}/api/mentees/google_auth_mentee/callback?${new URLSearchParams(query)}`, { redirect: "manual", headers: { cookie: cookies } });
  expect(response.status).toBe(302);
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  const location = new URL(response.headers.get("location")!, stack.baseUrl);
  expect(location.pathname).toBe("/auth/mentee/googleauthsuccess");
  expect(location.search).toBe(""); // nothing in the query string, so nothing in a server log
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
}

const identity = (overrides: Partial<FakeIdentity> = {}): FakeIdentity => ({
  sub: `g-${crypto.randomUUID()}`,
  email: uniqueEmail("google"),
  email_verified: true,
  given_name: "Gita",
  family_name: "Google",
  picture: "https://lh3.googleusercontent.com/a/photo",
  ...overrides,
});

async function signInWithGoogle(who: FakeIdentity) {
  const started = await start();
  const code = google.consent(started.location, who);
  return callback({ code, state: started.state }, started.cookies);
}

describe("Google sign-in callback (fake Google)", () => {
  it("creates a new mentee with Google's names and picture and no password, and signs her in", async () => {
    const who = identity();
    const answer = await signInWithGoogle(who);
    expect(answer).toMatchObject({ menteeName: "Gita Google", menteeId: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String) });
    const [row] = await testDb().select().from(mentees).where(eq(mentees.email, who.email));
    expect(row).toMatchObject({ id: answer.menteeId, googleId: who.sub, passwordHash: null, firstName: "Gita", lastName: "Google", profileImageKey: who.picture });
    const session = await fetch(`${stack.baseUrl}/trpc/auth.session`, { headers: { authorization: `Bearer ${answer.accessToken}` } });
    expect(session.status).toBe(200);
    // The PKCE verifier went to the token endpoint.
    expect(google.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", code_verifier: expect.stringMatching(/^[\w-]{43,}$/) });
  });

  it("signs an existing mentee in by her verified e-mail and links the Google account", async () => {
    const mentee = await createMentee();
    const who = identity({ email: mentee.email });
    const answer = await signInWithGoogle(who);
    expect(answer.menteeId).toBe(mentee.id);
    const [row] = await testDb().select().from(mentees).where(eq(mentees.id, mentee.id));
    expect(row.googleId).toBe(who.sub);
    expect(row.passwordHash).toBe(mentee.passwordHash); // her password still works
  });

  it("refuses a wrong state, and a callback without the PKCE verifier cookie", async () => {
    const first = await start();
    const code = google.consent(first.location, identity());
    expect(await callback({ code, state: "forged" }, first.cookies)).toEqual({ error: GOOGLE_MESSAGES.expired });
    const second = await start();
    const code2 = google.consent(second.location, identity());
    const stateOnly = second.cookies.split("; ").filter((c) => c.startsWith("google_oauth_state=")).join("; ");
    expect(await callback({ code: code2, state: second.state }, stateOnly)).toEqual({ error: GOOGLE_MESSAGES.expired });
    // A verifier that does not match the challenge is refused by Google itself.
    const third = await start();
    const code3 = google.consent(third.location, identity());
    const swapped = third.cookies.replace(/google_code_verifier=[^;]+/, "google_code_verifier=" + "x".repeat(43));
    expect(await callback({ code: code3, state: third.state }, swapped)).toEqual({ error: GOOGLE_MESSAGES.failed });
  });

  it("refuses an unverified Google e-mail and creates nothing", async () => {
    const who = identity({ email_verified: false });
    expect(await signInWithGoogle(who)).toEqual({ error: UNVERIFIED_GOOGLE_EMAIL });
    expect(await testDb().select().from(mentees).where(eq(mentees.email, who.email))).toHaveLength(0);
  });

  it("refuses a blocked account with its message", async () => {
    const mentee = await createMentee();
    await setBlocked("mentee", mentee.id, true);
    expect(await signInWithGoogle(identity({ email: mentee.email }))).toEqual({ error: BLOCKED_MESSAGE });
  });

  it("the user cancelling on Google's screen is reported as cancelled", async () => {
    const started = await start();
    expect(await callback({ error: "access_denied", state: started.state }, started.cookies)).toEqual({ error: GOOGLE_MESSAGES.cancelled });
  });

  it("the popup page is the SPA with Referrer-Policy: no-referrer", async () => {
    const page = await fetch(`${stack.baseUrl}/auth/mentee/googleauthsuccess`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe("Google sign-in without credentials (the shared test Worker)", () => {
  it("outside development says it is not configured, and the local stand-in is absent", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/mentees/google_auth_mentee`, { redirect: "manual" });
    expect(new URL(response.headers.get("location")!, inject("baseUrl")).hash).toBe(`#${new URLSearchParams({ error: GOOGLE_MESSAGES.notConfigured })}`);
    expect((await fetch(`${inject("baseUrl")}/dev/google/authorize`)).status).toBe(404);
    expect((await fetch(`${inject("baseUrl")}/dev/mailbox`)).status).toBe(404);
  });
});
