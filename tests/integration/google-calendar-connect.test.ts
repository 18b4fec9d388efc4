import { describe, expect, inject, it } from "vitest";
import { channelToken } from "../../worker/calendars/google/google-channels";
import { accessTokenFor, createMentee, createMentor } from "../support/accounts";
import { baseUrl, doublesUrl } from "../support/api";

/**
 * Connecting a mentor's Google Calendar through the built Worker: who may start it, what Google is asked
 * for, the callback's checks; and Google's push notifications, refused unless they carry our channel's token.
 */
const connect = (headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/api/calendars/google/connect`, { headers, redirect: "manual" });

async function pageCookie(accessToken: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/page-session`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.status).toBe(204);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

/** The flow cookie the connect path set, as `name=value`. */
const flowCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("google_calendar_flow="))
    ?.split(";")[0];

describe("connecting Google Calendar", () => {
  it("is refused to a visitor who is not signed in, and to a mentee", async () => {
    expect((await connect()).status).toBe(401);
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    expect((await connect({ authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await connect({ cookie: await pageCookie(token) })).status).toBe(401);
  });

  it("sends a mentor (by her page cookie) to Google's consent for her calendars, offline, with PKCE", async () => {
    const mentor = await createMentor();
    const response = await connect({ cookie: await pageCookie(await accessTokenFor("mentor", mentor.id)) });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location")!);
    expect(`${target.origin}${target.pathname}`).toBe(`${doublesUrl()}/dev/google/o/oauth2/v2/auth`);
    expect(target.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining([
        "openid",
        "email",
        "https://www.googleapis.com/auth/calendar.readonly",
        "https://www.googleapis.com/auth/calendar.events",
      ]),
    );
    expect(target.searchParams.get("access_type")).toBe("offline");
    expect(target.searchParams.get("prompt")).toBe("consent");
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("redirect_uri")).toBe(`${baseUrl()}/api/calendars/google/callback`);
    expect(flowCookie(response)).toBeTruthy();
  });

  it("sends her back without connecting when the state does not match, she cancelled, or she is not signed in", async () => {
    const mentor = await createMentor();
    const cookie = await pageCookie(await accessTokenFor("mentor", mentor.id));
    const started = await connect({ cookie });
    const flow = flowCookie(started)!;
    const callback = (query: string, cookies: string) =>
      fetch(`${baseUrl()}/api/calendars/google/callback?${query}`, { headers: { cookie: cookies }, redirect: "manual" });
    const outcome = async (response: Response) => new URL(response.headers.get("location")!, baseUrl()).search;
    expect(await outcome(await callback("code=x&state=wrong", `${cookie}; ${flow}`))).toBe("?calendars=expired");
    expect(await outcome(await callback("error=access_denied", `${cookie}; ${flow}`))).toBe("?calendars=cancelled");
    expect(await outcome(await callback("code=x&state=x", flow))).toBe("?calendars=signed_out");
  });
});

describe("Google's push notifications", () => {
  const notify = (headers: Record<string, string>) => fetch(`${baseUrl()}/api/calendars/google/notifications`, { method: "POST", headers });

  it("refuses a push that is not Google's or not for a channel we opened, without a 500", async () => {
    expect((await notify({})).status).toBe(400);
    expect((await notify({ "x-goog-channel-id": "../../etc", "x-goog-resource-state": "exists" })).status).toBe(400);
    const forged = { "x-goog-channel-id": "channel-forged", "x-goog-channel-token": "guess", "x-goog-resource-state": "exists" };
    expect((await notify(forged)).status).toBe(403);
    // Our token for a channel no calendar has (stopped, or never opened): 404, and Google stops sending.
    const token = await channelToken(inject("jwtSecret"), "channel-unknown");
    expect(
      (await notify({ "x-goog-channel-id": "channel-unknown", "x-goog-channel-token": token, "x-goog-resource-state": "exists" })).status,
    ).toBe(404);
  });
});
