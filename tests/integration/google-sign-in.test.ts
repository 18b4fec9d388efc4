import { createTRPCClient, httpLink } from "@trpc/client";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentees, refreshSessions } from "../../db/schema";
import type { AppRouter } from "../../worker/trpc/router";
import { createMentee, setBlocked, signIn, testDb, uniqueEmail } from "../support/accounts";
import { baseUrl, rest } from "../support/api";
import { consentAsGoogle, type GoogleIdentity as FakeIdentity } from "../support/google";
import { mailTo } from "../support/mail";

/**
 * The Google callback against the local Google (worker/dev/local-google.ts, ADR 0033) at the HTTP
 * boundary: the shared Worker is configured with its client and GOOGLE_OAUTH_URL, and its token
 * endpoint checks the client, the redirect URI and the PKCE verifier as Google's does.
 */
type Started = { location: string; cookies: string; state: string };

async function start(handoff?: string): Promise<Started> {
  const response = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee${handoff ? `?handoff=${handoff}` : ""}`, {
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  const setCookies = response.headers.getSetCookie();
  for (const c of setCookies) expect(c).toMatch(/HttpOnly/i);
  for (const c of setCookies) expect(c).toMatch(/Max-Age=600/);
  const cookies = setCookies.map((c) => c.split(";")[0]).join("; ");
  return { location, cookies, state: new URL(location).searchParams.get("state")! };
}

async function callback(query: Record<string, string>, cookies: string) {
  const response = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee/callback?${new URLSearchParams(query)}`, {
    redirect: "manual",
    headers: { cookie: cookies },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  const location = new URL(response.headers.get("location")!, baseUrl());
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

async function signInWithGoogle(who: FakeIdentity, handoff?: string) {
  const started = await start(handoff);
  const code = await consentAsGoogle(started.location, who);
  return callback({ code, state: started.state }, started.cookies);
}

describe("Google sign-in callback (fake Google)", () => {
  it("creates a new mentee with Google's names and picture and no password, and signs her in", async () => {
    const who = identity();
    const answer = await signInWithGoogle(who);
    expect(answer).toMatchObject({
      menteeName: "Gita Google",
      menteeId: expect.any(String),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const [row] = await testDb().select().from(mentees).where(eq(mentees.email, who.email));
    expect(row).toMatchObject({
      id: answer.menteeId,
      googleId: who.sub,
      passwordHash: null,
      firstName: "Gita",
      lastName: "Google",
      profileImageKey: who.picture,
    });
    expect(answer.profileImageUrl).toBe(who.picture); // Google's own picture URL, which the CSP's img-src allows
    const session = await fetch(`${baseUrl()}/trpc/auth.session`, { headers: { authorization: `Bearer ${answer.accessToken}` } });
    expect(session.status).toBe(200);
    // The PKCE verifier went to the token endpoint.
  });

  it("links Google to an existing mentee whose address was proven, and her password keeps working", async () => {
    const mentee = await createMentee(); // the factory's account has a proven address
    const who = identity({ email: mentee.email });
    const answer = await signInWithGoogle(who);
    expect(answer.menteeId).toBe(mentee.id);
    const [row] = await testDb().select().from(mentees).where(eq(mentees.id, mentee.id));
    expect(row.googleId).toBe(who.sub);
    expect(row.passwordHash).toBe(mentee.passwordHash);
    expect((await signIn("mentee", mentee.email)).accessToken).toEqual(expect.any(String));
  });

  it("a verified Google identity wins over a password account whose address was never proven", async () => {
    // Someone registered the owner's address with a password of their own and is signed in.
    const squatter = await createMentee({ emailVerifiedAt: null });
    const squatterToken = (await signIn("mentee", squatter.email)).accessToken;

    const answer = await signInWithGoogle(identity({ email: squatter.email }));
    expect(answer.menteeId).toBe(squatter.id);
    const [row] = await testDb().select().from(mentees).where(eq(mentees.id, squatter.id));
    expect(row).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date) });
    // The first password no longer signs in; the squatter's sign-in ended at once.
    expect((await rest("POST", "/api/mentees/login", { body: { email: squatter.email, password: DEMO_PASSWORD } })).status).toBe(401);
    const old = await fetch(`${baseUrl()}/trpc/auth.session`, { headers: { authorization: `Bearer ${squatterToken}` } });
    expect(old.status).toBe(401);
    const live = await testDb()
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.userId, squatter.id), isNull(refreshSessions.revokedAt)));
    expect(live).toHaveLength(1); // only the Google sign-in
    // The owner is told by mail.
    const mails = await mailTo(squatter.email);
    expect(mails.some((m) => /now signs in with Google/.test(m.subject))).toBe(true);
    // The Google sign-in works.
    const session = await fetch(`${baseUrl()}/trpc/auth.session`, { headers: { authorization: `Bearer ${answer.accessToken}` } });
    expect(session.status).toBe(200);
  });

  it("carries the opener's one-time value back in the fragment only when the start got one", async () => {
    const handoff = "h".repeat(10) + crypto.randomUUID().replace(/-/g, "");
    expect((await signInWithGoogle(identity(), handoff)).handoff).toBe(handoff);
    expect((await signInWithGoogle(identity())).handoff).toBeUndefined();
    expect((await signInWithGoogle(identity(), "bad<value>")).handoff).toBeUndefined();
  });

  it("refuses a wrong state, and a callback without the PKCE verifier cookie", async () => {
    const first = await start();
    const code = await consentAsGoogle(first.location, identity());
    expect(await callback({ code, state: "forged" }, first.cookies)).toEqual({ error: "expired" });
    const second = await start();
    const code2 = await consentAsGoogle(second.location, identity());
    const stateOnly = second.cookies
      .split("; ")
      .filter((c) => c.startsWith("google_oauth_state="))
      .join("; ");
    expect(await callback({ code: code2, state: second.state }, stateOnly)).toEqual({ error: "expired" });
    // A verifier that does not match the challenge is refused by Google itself.
    const third = await start();
    const code3 = await consentAsGoogle(third.location, identity());
    const swapped = third.cookies.replace(/google_code_verifier=[^;]+/, `google_code_verifier=${"x".repeat(43)}`);
    expect(await callback({ code: code3, state: third.state }, swapped)).toEqual({ error: "failed" });
  });

  it("refuses an unverified Google e-mail and creates nothing", async () => {
    const who = identity({ email_verified: false });
    expect(await signInWithGoogle(who)).toEqual({ error: "unverified" });
    expect(await testDb().select().from(mentees).where(eq(mentees.email, who.email))).toHaveLength(0);
  });

  it("refuses a blocked account; its signed notice is traded for why and how to appeal, and nothing else is", async () => {
    const mentee = await createMentee();
    await setBlocked("mentee", mentee.id, true);
    const refused = await signInWithGoogle(identity({ email: mentee.email }));
    expect(Object.keys(refused).sort()).toEqual(["error", "notice"]);
    expect(refused.error).toBe("blocked");
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl()}/trpc` })] });
    const { message } = await client.auth.blockedNotice.query({ notice: refused.notice });
    expect(message).toMatch(/^Your account (is|has been) blocked/);
    expect(message).toMatch(/To appeal, write to support@[\w.-]+ from this account's e-mail address\.$/);

    // A notice that was not signed here, or was altered, says nothing about anyone.
    const forged = refused.notice.slice(0, -4) + (refused.notice.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const notice of [forged, "x".repeat(40)]) {
      await expect(client.auth.blockedNotice.query({ notice })).rejects.toMatchObject({ data: { httpStatus: 404 } });
    }
    // Unblocked since: the old notice no longer speaks for the account.
    await setBlocked("mentee", mentee.id, false);
    await expect(client.auth.blockedNotice.query({ notice: refused.notice })).rejects.toMatchObject({ data: { httpStatus: 404 } });
  });

  it("the user cancelling on Google's screen is reported as cancelled", async () => {
    const started = await start();
    expect(await callback({ error: "access_denied", state: started.state }, started.cookies)).toEqual({ error: "cancelled" });
  });

  it("the popup page is the SPA with Referrer-Policy: no-referrer", async () => {
    const page = await fetch(`${baseUrl()}/auth/mentee/googleauthsuccess`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain('<div id="root">');
  });
});
