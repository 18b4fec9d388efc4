import { describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";

/**
 * A client written to SPEC §7 stores only `accessToken` from regenerate_access_token
 * and keeps its first refresh token. On the REST path that token stays valid for its lifetime.
 */
describe("legacy REST refresh (no rotation)", () => {
  it("a client refreshing three times with its first refresh token, then twice at once, stays signed in", async () => {
    const mentee = await createMentee();
    const { refreshToken } = await signIn("mentee", mentee.email);
    const refresh = () => rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken } });
    for (let i = 0; i < 3; i++) {
      const answer = await refresh();
      expect(answer.status).toBe(200);
      expect(answer.body.accessToken).toEqual(expect.any(String));
      expect((await trpcOutcome(trpc(answer.body.accessToken as string).auth.session.query())).status).toBe(200);
    }
    const both = await Promise.all([refresh(), refresh()]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    for (const answer of both)
      expect((await rest("GET", `/api/mentees/edit-profile/${mentee.id}`, { token: answer.body.accessToken as string })).status).toBe(200);
    expect((await refresh()).status).toBe(200);
  });

  it("the token still ends with logout, and the mentor path behaves the same", async () => {
    const mentor = await createMentor();
    const { refreshToken, accessToken } = await signIn("mentor", mentor.email);
    const refresh = () => rest("POST", "/api/mentors/regenerate_access_token", { body: { refreshToken } });
    expect((await Promise.all([refresh(), refresh(), refresh()])).map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await rest("POST", "/api/mentors/logout", { token: accessToken })).status).toBe(200);
    expect((await refresh()).status).toBe(401);
  });
});
