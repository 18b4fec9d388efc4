import { describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn } from "../support/accounts";
import { baseUrl } from "../support/api";

/**
 * ADR 0017: the edge Worker forwards signed-in calls (a bearer token on /trpc or /api) to the placed API
 * next to the database, through its service binding, as the built stack runs both. The edge's Server-Timing entry
 * `api` is written only on a forwarded answer, so it shows which Worker answered.
 */
const placedTiming = (response: Response) => /(^|,\s*)api;desc="placed API";dur=\d+/.test(response.headers.get("server-timing") ?? "");
const get = (path: string, token?: string) => fetch(`${baseUrl()}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("signed-in calls are answered by the placed API (ADR 0017)", () => {
  it("forwards her tRPC and REST calls, and answers them as before, with the edge's security headers", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const viaTrpc = await get("/trpc/mentees.profile", accessToken);
    expect(viaTrpc.status).toBe(200);
    expect(placedTiming(viaTrpc)).toBe(true);
    expect(((await viaTrpc.json()) as { result: { data: { email: string } } }).result.data.email).toBe(mentee.email);
    const viaRest = await get(`/api/mentees/edit-profile/${mentee.id}`, accessToken);
    expect(viaRest.status).toBe(200);
    expect(placedTiming(viaRest)).toBe(true);
    expect(((await viaRest.json()) as { menteeProfileDetails: { email: string } }).menteeProfileDetails.email).toBe(mentee.email);
    expect(viaRest.headers.get("content-security-policy")).toBeTruthy();
    expect(viaRest.headers.get("x-content-type-options")).toBe("nosniff");
    // Someone else's data is refused there as it was here: ownership is the token's, wherever it is checked.
    const other = await createMentee();
    expect((await get(`/api/mentees/edit-profile/${other.id}`, accessToken)).status).toBe(403);
  });

  it("refuses a bad token there with the same 401, and keeps public calls, pages and files at the edge", async () => {
    const refused = await get("/trpc/mentees.profile", "not-a-token");
    expect(refused.status).toBe(401);
    expect(placedTiming(refused)).toBe(true);
    for (const path of [
      "/trpc/mentors.search?input=%7B%22search%22%3A%22%22%2C%22price%22%3A%22a%22%2C%22rating%22%3A%229%22%7D",
      "/api/mentees/mentors",
      "/",
      "/healthz",
      "/manifest.webmanifest",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(placedTiming(answer), path).toBe(false);
    }
  });

  it("a mentor's change of the catalogue is told to the edge, never to the browser", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const answer = await fetch(`${baseUrl()}/trpc/mentors.updateProfile`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Placed" }),
    });
    expect(answer.status).toBe(200);
    expect(placedTiming(answer)).toBe(true);
    expect(answer.headers.has("x-mentorlink-catalogue-changed")).toBe(false);
  });
});
