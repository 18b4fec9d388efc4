import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { calendarBusy, calendarConnections, calendarSources } from "../../db/schema";
import { demoMeetings, startDemoCalendar } from "../../scripts/dev-calendar";
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_CLIENT_SECRET } from "../../worker/dev/local-google-provider";
import { testDb } from "../support/accounts";
import { baseUrl, doublesUrl, trpc } from "../support/api";
import { call, HOUR, mentee, mentor, publishOne, subscribe } from "../support/scheduling";
import { setRules } from "../support/waitlist";

/**
 * `npm run dev` on a machine without Radicale (scripts/dev-calendar.ts, ADR 0040, 0041): the demo mentor's work
 * calendar is her account in the local Google Calendar, connected through the built Worker's own Google connect,
 * so the Worker's normal Google pull mirrors its meetings and her mentees' schedule hides the hours they take.
 * Run for a mentor of the test's own (the demo accounts stay as they are) on the shared stack's database and
 * doubles, with Radicale reported absent.
 */
async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The Worker variables `npm run dev` hands the script, here the shared stack's: its signing secret and local Google. */
const stackVars = () => ({
  JWT_SECRET: inject("jwtSecret"),
  GOOGLE_CLIENT_ID: LOCAL_GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: LOCAL_GOOGLE_CLIENT_SECRET,
  GOOGLE_OAUTH_URL: `${doublesUrl()}/dev/google`,
  GOOGLE_CALENDAR_API_URL: `${doublesUrl()}/dev/google-calendar/v3`,
});

const runSetup = (email: string) =>
  startDemoCalendar({
    dbUrl: inject("dbUrl"),
    dataDir: ".data-unused",
    port: 0,
    workerVars: stackVars(),
    appOrigin: baseUrl(),
    mentorEmail: email,
    radicaleInstalled: () => false,
  });

const busyOf = async (mentorId: string) =>
  (await testDb().select().from(calendarBusy).where(eq(calendarBusy.mentorId, mentorId)))
    .map((b) => ({ start: b.startAt.getTime(), end: b.endAt.getTime() }))
    .sort((a, b) => a.start - b.start);

describe("the demo calendar without Radicale", () => {
  it("connects the local Google Calendar with the three meetings, idempotently, and the Worker's pull closes the overlapping slot", {
    timeout: 90_000,
  }, async () => {
    const m = await mentor();
    // The demo's first meeting is tomorrow at 11:00 in Kolkata: from 23:00 there it is less than the default 12 hours'
    // notice ahead, and its slot would not be offered at all. No notice, so the test holds whatever the hour.
    await setRules(m.id, { noticeMinutes: 0 });
    const me = await mentee();
    await subscribe(me.id, m.id);
    const meetings = demoMeetings();
    const [standup] = meetings;
    const busySlot = await publishOne(m.token, standup!.start);
    const freeSlot = await publishOne(m.token, new Date(standup!.start.getTime() + 3 * HOUR));
    const schedule = async () => (await trpc(me.token).scheduling.mentorSchedule.query({ mentorId: m.id })).timeSlots.map((s) => s.id);
    // Nothing connected yet: both slots are offered.
    expect(await schedule()).toEqual(expect.arrayContaining([busySlot, freeSlot]));

    const said = vi.spyOn(console, "log");
    try {
      const demo = await runSetup(m.row.email);
      expect(demo).not.toBeNull();
      await demo!.connected;
      expect(said.mock.calls.flat().join("\n")).toMatch(/Radicale is not installed: .*local Google Calendar, account .+, now connected/);
    } finally {
      said.mockRestore();
    }

    // Connected as the app connects Google: sealed credentials, her primary calendar busy and for sessions.
    const connections = await testDb().select().from(calendarConnections).where(eq(calendarConnections.mentorId, m.id));
    expect(connections).toEqual([
      expect.objectContaining({ provider: "google", accountLabel: m.row.email, state: "ok", origin: baseUrl(), serverUrl: null }),
    ]);
    expect(connections[0]!.credentials).not.toMatch(/1\/\/local-|refreshToken|accessToken/);
    const sources = await testDb().select().from(calendarSources).where(eq(calendarSources.mentorId, m.id));
    const primary = sources.find((s) => s.remoteId === m.row.email);
    expect(primary).toMatchObject({ countsAsBusy: true, writesSessions: true });
    // The connect's first pull, on the Worker's calendar queue, mirrors the three meetings.
    const expected = meetings.map((x) => ({ start: x.start.getTime(), end: x.end.getTime() }));
    await until("the first pull", async () => (await busyOf(m.id)).length === 3);
    expect(await busyOf(m.id)).toEqual(expected);

    // A second run writes the meetings again under the same ids and keeps the connection: nothing is added.
    await (await runSetup(m.row.email))!.connected;
    const events = await testDb().all<{ id: string; status: string }>(
      sql`select id, status from dev_google_events where calendar_id = ${m.row.email}`,
    );
    expect(events).toHaveLength(3);
    expect(await testDb().select().from(calendarConnections).where(eq(calendarConnections.mentorId, m.id))).toHaveLength(1);
    expect(await busyOf(m.id)).toEqual(expected);

    // The Worker keeps pulling her calendar with what the connect kept (sealed tokens, sync token): a meeting added
    // in the local Google Calendar reaches the mirror (Google's push on the connect's channel, or the minute sweep).
    const extraStart = new Date(standup!.start.getTime() + 5 * HOUR);
    const added = await fetch(`${doublesUrl()}/dev/google-calendar/meetings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ calendarId: m.row.email, summary: "One more meeting", start: extraStart, minutes: 30 }),
    });
    expect(added.status).toBe(200);
    expect((await call("POST", `/dev/cron/calendarSync?now=${Date.now() + 6 * 60 * 1000}`)).status).toBe(200);
    await until("the Worker's pull of the added meeting", async () => (await busyOf(m.id)).length === 4);
    expect((await busyOf(m.id)).map((b) => b.start)).toContain(extraStart.getTime());
    const [after] = await testDb().select().from(calendarConnections).where(eq(calendarConnections.mentorId, m.id));
    expect(after!.state).toBe("ok");

    // Her mentees' schedule no longer offers the hour of the stand-up; the free hour stays.
    const offered = await schedule();
    expect(offered).not.toContain(busySlot);
    expect(offered).toContain(freeSlot);
  });
});
