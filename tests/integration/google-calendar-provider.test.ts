import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateCodeVerifier, generateState } from "arctic";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { GoogleCredentials } from "../../worker/calendars/google/google-api";
import { googleCalendar } from "../../worker/calendars/google/google-calendar";
import { calendarConsent } from "../../worker/calendars/google/google-consent";
import { type BusyChange, CalendarAccessLost, type ProviderCall } from "../../worker/calendars/sync/provider";
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_CLIENT_SECRET } from "../../worker/dev/local-google-provider";
import { consentAsGoogle } from "../support/google";

/**
 * The Google Calendar provider against the local Google Calendar (ADR 0033): the same HTTP calls,
 * sync tokens, paging, refreshes and revocations it makes to Google, with nothing mocked in between.
 */
const doublesUrl = inject("doublesUrl");
let provider: ReturnType<typeof googleCalendar>;
let settings: Parameters<typeof googleCalendar>[0];
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(() => {
  // The settings the stack gives the Worker (worker/dev/doubles.ts): the provider is built as the Worker builds it.
  settings = {
    GOOGLE_CLIENT_ID: LOCAL_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: LOCAL_GOOGLE_CLIENT_SECRET,
    GOOGLE_OAUTH_URL: `${doublesUrl}/dev/google`,
    GOOGLE_CALENDAR_API_URL: `${doublesUrl}/dev/google-calendar/v3`,
  };
  provider = googleCalendar(settings);
});

let accounts = 0;
/** A mentor consents on the local Google's screen; the app's own exchange gives her credentials. */
async function connectedAccount() {
  const email = `mentor.${Date.now()}.${++accounts}@example.com`;
  const consent = calendarConsent(settings, "http://app.test/api/calendars/google/callback")!;
  const verifier = generateCodeVerifier();
  const url = consent.authorizationUrl(generateState(), verifier);
  expect(url.searchParams.get("access_type")).toBe("offline");
  const code = await consentAsGoogle(url.toString(), { sub: `sub-${email}`, email, email_verified: true });
  const grant = await consent.exchange(code, verifier, new Date());
  if ("refused" in grant) throw new Error(`consent refused: ${grant.refused}`);
  expect(grant.email).toBe(email);
  return { email, credentials: grant.credentials };
}

function callWith(credentials: GoogleCredentials) {
  const saved: GoogleCredentials[] = [];
  const call: ProviderCall<GoogleCredentials> = { credentials, saveCredentials: async (c) => void saved.push(c), now: new Date() };
  return { call, saved };
}

async function addMeeting(calendarId: string, meeting: Record<string, unknown>) {
  const response = await fetch(`${doublesUrl}/dev/google-calendar/meetings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ calendarId, ...meeting }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

const window = () => ({ from: new Date(Date.now() - DAY), to: new Date(Date.now() + 430 * DAY) });
const busyIds = (changes: BusyChange[]) => changes.filter((c) => c.kind === "busy").map((c) => c.remoteEventId);
const goneIds = (changes: BusyChange[]) => changes.filter((c) => c.kind === "gone").map((c) => c.remoteEventId);

describe("Google Calendar provider", () => {
  it("lists the account's calendars: the primary one writable, a subscription read-only", async () => {
    const { email, credentials } = await connectedAccount();
    const calendars = await provider.listCalendars(callWith(credentials).call);
    expect(calendars).toEqual(
      expect.arrayContaining([
        { remoteId: email, name: email, primary: true, writable: true },
        expect.objectContaining({ primary: false, writable: false }),
      ]),
    );
  });

  it("pulls the window, then only what changed; an expired sync token (410) gives the whole window again", async () => {
    const { email, credentials } = await connectedAccount();
    const { call } = callWith(credentials);
    const start = new Date(Date.now() + 2 * DAY);
    const a = await addMeeting(email, { summary: "Standup", start: start.toISOString(), minutes: 30 });
    const first = await provider.pullBusy(call, email, null, window());
    expect(first.complete).toBe(true);
    expect(first.changes).toEqual([{ kind: "busy", remoteEventId: a.id, startAt: start, endAt: new Date(start.getTime() + 30 * 60_000) }]);
    expect(first.nextSyncState).toBeTruthy();

    const b = await addMeeting(email, { summary: "Review", start: new Date(start.getTime() + DAY).toISOString() });
    const delta = await provider.pullBusy(call, email, first.nextSyncState, window());
    expect(delta.complete).toBe(false);
    expect(busyIds(delta.changes)).toEqual([b.id]);

    await fetch(`${doublesUrl}/dev/google-calendar/meetings/${encodeURIComponent(email)}/${a.id}/delete`, {
      method: "POST",
      headers: { accept: "application/json" },
    });
    const deleted = await provider.pullBusy(call, email, delta.nextSyncState, window());
    expect(deleted.changes).toEqual([{ kind: "gone", remoteEventId: a.id }]);

    await fetch(`${doublesUrl}/dev/google-calendar/expire-sync`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ calendarId: email }),
    });
    const again = await provider.pullBusy(call, email, deleted.nextSyncState, window());
    expect(again.complete).toBe(true);
    expect(busyIds(again.changes)).toEqual([b.id]);
  });

  it("expands a recurring meeting into its instances, across pages", async () => {
    const { email, credentials } = await connectedAccount();
    await addMeeting(email, { summary: "Weekly 1:1", start: new Date(Date.now() + DAY).toISOString(), weeks: 60 });
    const pulled = await provider.pullBusy(callWith(credentials).call, email, null, window());
    const instances = busyIds(pulled.changes);
    // 60 instances: more than the double's page of 50, so the second page was read.
    expect(instances).toHaveLength(60);
    expect(new Set(instances).size).toBe(60);
  });

  it("ignores meetings shown as free or declined, and blocks an all-day event's date in the calendar's zone", async () => {
    const { email, credentials } = await connectedAccount();
    const { call } = callWith(credentials);
    const free = await addMeeting(email, { start: new Date(Date.now() + DAY).toISOString(), free: true });
    const declined = await addMeeting(email, { start: new Date(Date.now() + DAY).toISOString(), declined: true });
    const day = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const allDay = await addMeeting(email, { start: `${day}T10:00`, allDay: true });
    const pulled = await provider.pullBusy(call, email, null, window());
    expect(goneIds(pulled.changes).sort()).toEqual([free.id, declined.id].sort());
    // The local calendar is in Asia/Kolkata (UTC+5:30): its day starts at 18:30 UTC the day before.
    const midnight = Date.parse(`${day}T00:00:00Z`) - 5.5 * HOUR;
    expect(pulled.changes.find((c) => c.remoteEventId === allDay.id)).toEqual({
      kind: "busy",
      remoteEventId: allDay.id,
      startAt: new Date(midnight),
      endAt: new Date(midnight + DAY),
    });
  });

  it("renews a refused or expired access token with the refresh token, and saves the new one", async () => {
    const { email, credentials } = await connectedAccount();
    const refused = callWith({ ...credentials, accessToken: "not-a-live-token", accessTokenExpiresAt: Date.now() + HOUR });
    expect((await provider.listCalendars(refused.call)).map((c) => c.remoteId)).toContain(email);
    expect(refused.saved).toHaveLength(1);
    expect(refused.saved[0].accessToken).not.toBe("not-a-live-token");
    expect(refused.saved[0].refreshToken).toBe(credentials.refreshToken);
    expect(refused.saved[0].accessTokenExpiresAt).toBeGreaterThan(Date.now());

    const expired = callWith({ ...credentials, accessTokenExpiresAt: Date.now() - 1 });
    await provider.listCalendars(expired.call);
    expect(expired.saved).toHaveLength(1);
  });

  it("says the access is lost once the mentor's grant is revoked", async () => {
    const { credentials } = await connectedAccount();
    const { call } = callWith(credentials);
    await provider.revoke!(call);
    // The access token of the revoked grant is refused, and so is its refresh token.
    await expect(provider.listCalendars(callWith(credentials).call)).rejects.toBeInstanceOf(CalendarAccessLost);
    // Revoking again is not an error (the mentor disconnects twice, or Google forgot it first).
    await provider.revoke!(call);
  });

  it("writes a session under our UID, replaces it in place, and removes it; its own event never reads as busy", async () => {
    const { email, credentials } = await connectedAccount();
    const { call } = callWith(credentials);
    const startAt = new Date(Date.now() + 5 * DAY);
    const session = {
      uid: `session-${Date.now()}@mentorlink.test`,
      title: "Mentoring with Priya",
      description: "Career chat",
      startAt,
      endAt: new Date(startAt.getTime() + HOUR),
      joinUrl: "https://app.test/live/1",
    };
    const { ref } = await provider.putSessionEvent(call, email, session, null);
    const read = async () => {
      const response = await fetch(`${settings.GOOGLE_CALENDAR_API_URL}/calendars/${encodeURIComponent(email)}/events/${ref}`, {
        headers: { authorization: `Bearer ${call.credentials.accessToken}` },
      });
      return (await response.json()) as { iCalUID: string; status: string; start: { dateTime: string } };
    };
    expect(await read()).toMatchObject({ iCalUID: session.uid, status: "confirmed", start: { dateTime: startAt.toISOString() } });

    const moved = { ...session, startAt: new Date(startAt.getTime() + DAY), endAt: new Date(startAt.getTime() + DAY + HOUR) };
    expect(await provider.putSessionEvent(call, email, moved, ref)).toEqual({ ref });
    // An answer lost on the way: written again without its reference, the same event is replaced (409, found by UID).
    expect(await provider.putSessionEvent(call, email, moved, null)).toEqual({ ref });
    expect(await read()).toMatchObject({ iCalUID: session.uid, start: { dateTime: moved.startAt.toISOString() } });

    const pulled = await provider.pullBusy(call, email, null, window());
    expect(busyIds(pulled.changes)).not.toContain(ref);
    // The developer's page shows the session the app wrote into the calendar.
    const page = await (await fetch(`${doublesUrl}/dev/google-calendar?account=${encodeURIComponent(email)}`)).text();
    expect(page).toContain("Mentoring with Priya");
    expect(page).toContain('<span class="badge">session</span>');

    await provider.removeSessionEvent(call, email, ref);
    expect((await read()).status).toBe("cancelled");
    await provider.removeSessionEvent(call, email, ref);
  });

  it("watches a calendar: Google's pushes carry the channel and token; a stopped channel pushes nothing", async () => {
    const { email, credentials } = await connectedAccount();
    const { call } = callWith(credentials);
    const pushes: Record<string, string>[] = [];
    const server: Server = createServer((req, res) => {
      pushes.push(req.headers as Record<string, string>);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/calendars/google/notifications`;
      const channel = { id: `channel-${Date.now()}`, token: "channel-token", address };
      const watched = await provider.watch!(call, email, channel);
      expect(watched.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
      await expect.poll(() => pushes.map((p) => p["x-goog-resource-state"])).toEqual(["sync"]);

      await addMeeting(email, { start: new Date(Date.now() + DAY).toISOString() });
      await expect.poll(() => pushes.length).toBe(2);
      expect(pushes[1]).toMatchObject({
        "x-goog-channel-id": channel.id,
        "x-goog-channel-token": "channel-token",
        "x-goog-resource-id": watched.resourceId,
        "x-goog-resource-state": "exists",
      });

      await provider.stopWatch!(call, { id: channel.id, resourceId: watched.resourceId });
      await addMeeting(email, { start: new Date(Date.now() + DAY).toISOString() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pushes).toHaveLength(2);
      await provider.stopWatch!(call, { id: channel.id, resourceId: watched.resourceId });
    } finally {
      server.close();
    }
  });
});
