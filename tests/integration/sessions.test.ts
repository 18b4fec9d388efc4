import { describe, expect, inject, it } from "vitest";
import { SIGNED_OUT_MESSAGE } from "../../worker/accounts/accounts";
import { openSession } from "../../worker/accounts/sessions";
import { signAccessToken } from "../../worker/accounts/tokens";
import { createMentee, createMentor, setBlocked, signIn, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";

const paths = {
  mentee: { refresh: "/api/mentees/regenerate_access_token", logout: "/api/mentees/logout" },
  mentor: { refresh: "/api/mentors/regenerate_access_token", logout: "/api/mentors/logout" },
  moderator: { refresh: "/api/moderator/regenerate_access_token", logout: "/api/moderator/logout" },
};

/** The SPA's refresh: tRPC auth.refresh, which rotates. */
const rotate = (role: "mentee" | "mentor" | "moderator", refreshToken: string) =>
  trpcOutcome(trpc().auth.refresh.mutate({ role, refreshToken }));

describe("access and refresh tokens", () => {
  it("a valid access token reaches a signed-in procedure; none or a bad one gets 401", async () => {
    const mentee = await createMentee({ firstName: "Tara" });
    const { accessToken } = await signIn("mentee", mentee.email);
    expect(await trpc(accessToken).auth.session.query()).toMatchObject({ role: "mentee", id: mentee.id, firstName: "Tara" });
    expect(await trpcOutcome(trpc().auth.session.query())).toMatchObject({ status: 401, message: "Please sign in to continue." });
    expect(await trpcOutcome(trpc(`${accessToken}x`).auth.session.query())).toMatchObject({ status: 401, message: /expired/ });
  });

  it("an expired access token gets 401, so the client refreshes", async () => {
    const mentee = await createMentee();
    const { sessionId: sid } = await openSession(testDb(), { role: "mentee", userId: mentee.id });
    const old = await signAccessToken(inject("jwtSecret"), { sub: mentee.id, role: "mentee", sid }, Date.now() - 16 * 60 * 1000);
    expect((await trpcOutcome(trpc(old).auth.session.query())).status).toBe(401);
    const fresh = await signAccessToken(inject("jwtSecret"), { sub: mentee.id, role: "mentee", sid });
    expect((await trpcOutcome(trpc(fresh).auth.session.query())).status).toBe(200);
  });

  it("a well-signed access token naming no sign-in, or another user's, is refused", async () => {
    const [mentee, other] = await Promise.all([createMentee(), createMentee()]);
    const { sessionId: othersSession } = await openSession(testDb(), { role: "mentee", userId: other.id });
    for (const sid of ["x", othersSession]) {
      const token = await signAccessToken(inject("jwtSecret"), { sub: mentee.id, role: "mentee", sid });
      expect(await trpcOutcome(trpc(token).auth.session.query())).toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
    }
  });

  // The SPA's tRPC path rotates with reuse detection; the REST path keeps SPEC §7's contract (legacy-refresh.test.ts).
  it.each(["mentee", "mentor", "moderator"] as const)(
    "tRPC rotates the %s refresh token: the new pair works, the old token is refused",
    async (role) => {
      const email =
        role === "moderator" ? "moderator@example.com" : (role === "mentee" ? await createMentee() : await createMentor()).email;
      const first = await signIn(role, email);
      const rotated = await rotate(role, first.refreshToken);
      expect(rotated.status).toBe(200);
      expect(rotated.value?.refreshToken).not.toBe(first.refreshToken);
      expect((await trpcOutcome(trpc(rotated.value!.accessToken).auth.session.query())).status).toBe(200);
      expect((await rotate(role, first.refreshToken)).status).toBe(401);
    },
  );

  it("replaying a rotated refresh token ends the whole sign-in, including the token that replaced it, on both paths", async () => {
    const mentee = await createMentee();
    const first = await signIn("mentee", mentee.email);
    const second = await rotate("mentee", first.refreshToken);
    expect((await rest("POST", paths.mentee.refresh, { body: { refreshToken: first.refreshToken } })).status).toBe(401);
    expect((await rotate("mentee", second.value!.refreshToken)).status).toBe(401);
  });

  it("of two simultaneous tRPC rotations with one token, exactly one succeeds", async () => {
    const mentee = await createMentee();
    const { refreshToken } = await signIn("mentee", mentee.email);
    const results = await Promise.all([1, 2, 3].map(() => rotate("mentee", refreshToken)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(2);
  });

  it("refuses a refresh token of another account type, a malformed one and a missing one", async () => {
    const mentee = await createMentee();
    const { refreshToken } = await signIn("mentee", mentee.email);
    expect((await rest("POST", paths.mentor.refresh, { body: { refreshToken } })).status).toBe(401);
    expect((await rest("POST", paths.mentee.refresh, { body: { refreshToken } })).status).toBe(200);
    expect((await rest("POST", paths.mentee.refresh, { body: { refreshToken: "garbage" } })).status).toBe(401);
    expect(await rest("POST", paths.mentee.refresh, { body: {} })).toEqual({ status: 400, body: errorBody("refreshToken is required") });
  });

  it.each(["mentee", "mentor", "moderator"] as const)(
    "after %s logout the same access token is refused at once, over REST and tRPC (rooms: realtime.test.ts)",
    async (role) => {
      const email =
        role === "moderator" ? "moderator@example.com" : (role === "mentee" ? await createMentee() : await createMentor()).email;
      const session = await signIn(role, email);
      const other = await signIn(role, email); // another device of the same person stays signed in
      expect((await trpcOutcome(trpc(session.accessToken).auth.session.query())).status).toBe(200);
      expect((await rest("POST", paths[role].logout, { token: session.accessToken })).status).toBe(200);
      expect(await trpcOutcome(trpc(session.accessToken).auth.session.query())).toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
      expect((await rest("POST", paths[role].logout, { token: session.accessToken })).status).toBe(401);
      expect((await trpcOutcome(trpc(other.accessToken).auth.session.query())).status).toBe(200);
      await rest("POST", paths[role].logout, { token: other.accessToken });
    },
  );

  it("the access token issued before a refresh keeps working until it expires (the sign-in is still live); after a replay it is refused", async () => {
    const mentee = await createMentee();
    const first = await signIn("mentee", mentee.email);
    const second = await rotate("mentee", first.refreshToken);
    expect((await trpcOutcome(trpc(first.accessToken).auth.session.query())).status).toBe(200);
    expect((await trpcOutcome(trpc(second.value!.accessToken).auth.session.query())).status).toBe(200);
    await rotate("mentee", first.refreshToken); // replay: the sign-in ends
    expect((await trpcOutcome(trpc(first.accessToken).auth.session.query())).status).toBe(401);
    expect((await trpcOutcome(trpc(second.value!.accessToken).auth.session.query())).status).toBe(401);
  });

  it("logout revokes the refresh token; logging out needs the right role's token", async () => {
    const mentee = await createMentee();
    const { accessToken, refreshToken } = await signIn("mentee", mentee.email);
    expect((await rest("POST", paths.mentor.logout, { token: accessToken })).status).toBe(403);
    expect((await rest("POST", paths.mentee.logout)).status).toBe(401);
    expect(await rest("POST", paths.mentee.logout, { token: accessToken })).toEqual({ status: 200, body: { message: "Logged out" } });
    expect((await rest("POST", paths.mentee.refresh, { body: { refreshToken } })).status).toBe(401);
  });

  it("a blocked account is refused on its next request and cannot refresh, before its token expires", async () => {
    const mentor = await createMentor();
    const { accessToken, refreshToken } = await signIn("mentor", mentor.email);
    expect((await trpcOutcome(trpc(accessToken).auth.session.query())).status).toBe(200);
    await setBlocked("mentor", mentor.id, true);
    expect(await trpcOutcome(trpc(accessToken).auth.session.query())).toMatchObject({ status: 403, details: { blocked: true } });
    expect(await rest("POST", paths.mentor.refresh, { body: { refreshToken } })).toMatchObject({ status: 403, body: { blocked: true } });
    await setBlocked("mentor", mentor.id, false);
    // The refused refresh ended that sign-in for good.
    expect((await rest("POST", paths.mentor.refresh, { body: { refreshToken } })).status).toBe(401);
  });
});

describe("REST adapter", () => {
  it("answers 404 with a message for an unknown API path", async () => {
    expect(await rest("GET", "/api/mentees/nothing-here")).toEqual({
      status: 404,
      body: errorBody("No API route GET /api/mentees/nothing-here"),
    });
  });
});
