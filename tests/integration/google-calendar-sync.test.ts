import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { channelToken } from "../../worker/calendars/google/google-channels";
import { MENTOR_BUSY } from "../../worker/scheduling/booking-rules";
import { testDb } from "../support/accounts";
import { baseUrl, doublesUrl, trpc } from "../support/api";
import { connectGoogleCalendar as connectGoogle } from "../support/google-calendar";
import { book, call, cancel, DAY, HOUR, hoursAhead, mentee, mentor, publishOne, subscribe } from "../support/scheduling";
import { until } from "../support/until";

/**
 * A mentor's Google Calendar through the built Worker and the local Google Calendar (ADR 0033, 0041): she connects
 * it on the local consent screen; a meeting added there reaches the busy-time mirror through Google's push (watch
 * channel → notification → queued pull) and closes the overlapping slot; a booking is written into her calendar
 * under the session's UID, and a cancel removes it.
 */
const FRESHNESS_TARGET_MS = 60_000;

type EventRow = { id: string; ical_uid: string; status: string; body: string };
const eventsIn = (calendarId: string) =>
  testDb().all<EventRow>(sql`select id, ical_uid, status, body from dev_google_events where calendar_id = ${calendarId}`);

/** Google's push for a channel, with the token we would have given it. */
const push = async (channelId: string, state = "exists") =>
  (
    await fetch(`${baseUrl()}/api/calendars/google/notifications`, {
      method: "POST",
      headers: {
        "x-goog-channel-id": channelId,
        "x-goog-channel-token": await channelToken(inject("jwtSecret"), channelId),
        "x-goog-resource-state": state,
      },
    })
  ).status;

describe("a mentor's Google Calendar, end to end", () => {
  it("connects, closes a slot a meeting overlaps within seconds of the push, and carries her bookings", { timeout: 120_000 }, async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const email = `calendar.${crypto.randomUUID().slice(0, 8)}@example.com`;

    expect(await connectGoogle(m.token, email)).toBe("/mentors/scheduler?calendars=connected");
    const [source] = await testDb().all<{ id: string; counts_as_busy: number; writes_sessions: number }>(
      sql`select id, counts_as_busy, writes_sessions from calendar_sources where mentor_id = ${m.id} and remote_id = ${email}`,
    );
    expect(source).toMatchObject({ counts_as_busy: 1, writes_sessions: 1 });
    // The watch channel is opened right after the connect (not at the next minute's sweep).
    await until(
      async () => (await testDb().all(sql`select 1 from google_calendar_watches where source_id = ${source.id}`)).length > 0,
      "the watch channel",
      15_000,
    );
    // The first pull (queued by the connect) has run, so what follows is the push's doing.
    await until(
      async () =>
        (await testDb().all<{ at: number | null }>(sql`select last_pulled_at as at from calendar_sources where id = ${source.id}`))[0]?.at,
      "the first pull",
      15_000,
    );

    const busyStart = hoursAhead(48);
    const busySlot = await publishOne(m.token, busyStart);
    const freeSlot = await publishOne(m.token, hoursAhead(72));

    const added = Date.now();
    const meeting = await fetch(`${doublesUrl()}/dev/google-calendar/meetings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        calendarId: email,
        summary: "Day-job standup",
        start: new Date(busyStart.getTime() + 15 * 60_000),
        minutes: 30,
      }),
    });
    expect(meeting.status).toBe(200);
    await until(
      async () => (await testDb().all(sql`select 1 from calendar_busy where mentor_id = ${m.id} and source_id = ${source.id}`)).length > 0,
      "the meeting in the busy-time mirror",
      FRESHNESS_TARGET_MS,
    );
    const refused = await book(me.token, busySlot);
    const freshnessMs = Date.now() - added;
    console.info(`Google Calendar freshness: meeting added → slot refused in ${freshnessMs} ms`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).toContain(MENTOR_BUSY);
    expect(freshnessMs).toBeLessThan(FRESHNESS_TARGET_MS);

    // A booking is written into her calendar under the session's UID; a cancel removes it.
    expect((await book(me.token, freeSlot)).status).toBe(201);
    const written = await until(
      async () => (await eventsIn(email)).find((e) => JSON.parse(e.body).extendedProperties?.private?.mentorlinkSession),
      "the session's event in her Google Calendar",
      30_000,
    );
    const event = JSON.parse(written.body) as { start: { dateTime: string }; end: { dateTime: string } };
    expect(written.status).toBe("confirmed");
    expect(new Date(event.end.dateTime).getTime() - new Date(event.start.dateTime).getTime()).toBeGreaterThanOrEqual(HOUR / 4);
    // Her own session never reads back as busy time (it would close the slot it is booked in).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await testDb().all(sql`select 1 from calendar_busy where remote_event_id = ${written.id}`)).length).toBe(0);

    expect((await cancel(me.token, freeSlot)).status).toBe(200);
    await until(
      async () => (await eventsIn(email)).find((e) => e.id === written.id && e.status === "cancelled"),
      "the cancelled session's event removed",
      30_000,
    );
    expect((await eventsIn(email)).filter((e) => e.ical_uid === written.ical_uid)).toHaveLength(1);

    // Disconnecting gives the access back at Google, and the calendar's channel is ours no more.
    const [watch] = await testDb().all<{ channel_id: string }>(
      sql`select channel_id from google_calendar_watches where source_id = ${source.id}`,
    );
    const [connection] = await testDb().all<{ id: string }>(sql`select id from calendar_connections where mentor_id = ${m.id}`);
    await trpc(m.token).calendars.disconnect.mutate({ connectionId: connection.id });
    const grants = await testDb().all<{ revoked_at: number | null }>(sql`select revoked_at from dev_google_grants where email = ${email}`);
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.revoked_at !== null)).toBe(true);
    expect(await push(watch.channel_id)).toBe(404);
  });

  it("renews a channel before it expires, ignores the old one's pushes, and stops watching a calendar no longer read", async () => {
    const m = await mentor();
    const email = `renewal.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await connectGoogle(m.token, email)).toBe("/mentors/scheduler?calendars=connected");
    type Watch = { source_id: string; channel_id: string; expires_at: number };
    const watchOf = async () =>
      (
        await testDb().all<Watch>(sql`select w.source_id, w.channel_id, w.expires_at from google_calendar_watches w
          join calendar_sources s on s.id = w.source_id where s.mentor_id = ${m.id}`)
      )[0];
    const first = await until(watchOf, "the watch channel", 15_000);
    const channelState = async (id: string) =>
      (await testDb().all<{ stopped_at: number | null }>(sql`select stopped_at from dev_google_channels where id = ${id}`))[0];
    expect((await channelState(first.channel_id))?.stopped_at).toBeNull();

    // Within a day of its expiry, the minute cron opens a new channel and stops the old one.
    await testDb().run(sql`update google_calendar_watches set expires_at = ${Date.now() + HOUR} where source_id = ${first.source_id}`);
    const renewal = await call("POST", "/dev/cron/googleCalendarWatches");
    expect(renewal.status).toBe(200);
    const renewed = (await watchOf())!;
    expect(renewed.channel_id).not.toBe(first.channel_id);
    expect(Number(renewed.expires_at)).toBeGreaterThan(Date.now() + 6 * DAY);
    expect((await channelState(first.channel_id))?.stopped_at).not.toBeNull();
    expect(await push(first.channel_id)).toBe(404);
    // The live channel's `sync` (it started) is only acknowledged; a change asks for a pull of that calendar.
    const queuedAt = async () =>
      (await testDb().all<{ at: number | null }>(sql`select pull_queued_at as at from calendar_sources where id = ${first.source_id}`))[0]
        ?.at ?? null;
    // A recent mark (not due for the five-minute sweep another file's cron may run meanwhile).
    const marked = Date.now() - 60_000;
    await testDb().run(sql`update calendar_sources set pull_queued_at = ${marked} where id = ${first.source_id}`);
    expect(await push(renewed.channel_id, "sync")).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Number(await queuedAt())).toBe(marked);
    expect(await push(renewed.channel_id)).toBe(200);
    await until(async () => Number(await queuedAt()) > marked, "the pull asked for by the push", 5_000);

    // A calendar she no longer counts as busy is not watched any more.
    await testDb().run(sql`update calendar_sources set counts_as_busy = 0 where id = ${first.source_id}`);
    expect((await call("POST", "/dev/cron/googleCalendarWatches")).status).toBe(200);
    expect(await watchOf()).toBeUndefined();
    expect((await channelState(renewed.channel_id))?.stopped_at).not.toBeNull();
  });
});
