import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WATCH_RETRY_MAX_MS, watchRetryDelay } from "../../worker/calendars/google/google-watches";
import { testDb } from "../support/accounts";
import { baseUrl, trpc, trpcOutcome } from "../support/api";
import { connectGoogleCalendar } from "../support/google-calendar";
import { book, call, hoursAhead, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";
import { until } from "../support/until";

/**
 * What Google lets us do with a mentor's calendars, through the built Worker and the local Google Calendar (ADR
 * 0033, 0041): a calendar shared with her to read only (accessRole reader) is never offered for new sessions, and a
 * watch channel Google refuses to open is asked for again later and later, not every minute.
 */

const MINUTE = 60_000;

async function connected() {
  const m = await mentor();
  const email = `access.${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect(await connectGoogleCalendar(m.token, email)).toBe("/mentors/scheduler?calendars=connected");
  return { m, email, api: trpc(m.token) };
}

describe("a Google calendar she may only read", () => {
  it("is listed read-only (accessRole reader), and choosing it for new sessions is refused with a 400", async () => {
    const { api, email } = await connected();
    const [account] = await api.calendars.accounts.query();
    const primary = account!.calendars.find((c) => c.name === email)!;
    const holidays = account!.calendars.find((c) => c.name === "Holidays in India")!;
    expect(primary).toMatchObject({ writable: true, writesSessions: true });
    expect(holidays).toMatchObject({ writable: false, writesSessions: false });

    const refused = await trpcOutcome(api.calendars.chooseCalendar.mutate({ calendarId: holidays.id, writesSessions: true }));
    expect(refused).toMatchObject({ status: 400, message: "This calendar is read-only: choose another one for new sessions." });
    const [after] = await api.calendars.accounts.query();
    expect(after!.calendars.find((c) => c.id === primary.id)).toMatchObject({ writesSessions: true });
  });

  it("taking sessions when its sharing changed: Google refuses the write (requiredAccessLevel) and it stops taking them, no retries", async () => {
    const { m, api } = await connected();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const [account] = await api.calendars.accounts.query();
    const holidays = account!.calendars.find((c) => c.name === "Holidays in India")!;
    // As if it had been hers to write when she chose it, and was shared to read only since.
    await testDb().run(sql`update calendar_sources set writes_sessions = (id = ${holidays.id}), writable = 1 where mentor_id = ${m.id}`);
    const slotId = await publishOne(m.token, hoursAhead(40));
    expect((await book(me.token, slotId)).status).toBe(201);
    const bookingId = (await slotRow(slotId)).bookingId!;
    await until(async () => {
      const [now] = await api.calendars.accounts.query();
      return now?.calendars.find((c) => c.id === holidays.id)?.writable === false;
    }, "the calendar marked read-only");
    const [after] = await api.calendars.accounts.query();
    expect(after!.calendars.find((c) => c.id === holidays.id)).toMatchObject({ writable: false, writesSessions: false });
    const [mark] = await testDb().all<{ attempts: number; ref: string | null }>(
      sql`select attempts, ref from calendar_session_events where booking_id = ${bookingId}`,
    );
    expect(mark).toEqual({ attempts: 0, ref: null });
  });
});

describe("a watch channel Google refuses to open", () => {
  it("is asked for again after 1, 2, 4… minutes up to an hour, and the backoff ends once a channel opens", async () => {
    const { m, email } = await connected();
    type Source = { id: string; watch_failures: number; watch_retry_at: number | null };
    const source = async () =>
      (
        await testDb().all<Source>(
          sql`select id, watch_failures, watch_retry_at from calendar_sources where mentor_id = ${m.id} and remote_id = ${email}`,
        )
      )[0]!;
    const { id } = await source();
    const channel = async () =>
      (await testDb().all<{ channel_id: string }>(sql`select channel_id from google_calendar_watches where source_id = ${id}`))[0];
    await until(channel, "the first watch channel");
    // Her app's address becomes one Google refuses (the local Google refuses `.invalid` hosts), and the channel is gone.
    await testDb().run(sql`update calendar_connections set origin = 'https://mentorlink.invalid' where mentor_id = ${m.id}`);
    await testDb().run(sql`delete from google_calendar_watches where source_id = ${id}`);

    const run = async (at: number) => expect((await call("POST", `/dev/cron/googleCalendarWatches?now=${at}`)).status).toBe(200);
    let at = Date.now();
    await run(at);
    expect(await source()).toMatchObject({ watch_failures: 1, watch_retry_at: at + MINUTE });
    const waits: number[] = [];
    for (let failures = 1; failures < 8; failures++) {
      const retryAt = Number((await source()).watch_retry_at);
      // Not asked again before its time…
      await run(retryAt - 1000);
      expect((await source()).watch_failures).toBe(failures);
      // …and asked at it, failing again: the next wait is twice as long, up to the cap.
      at = retryAt;
      await run(at);
      const after = await source();
      expect(after.watch_failures).toBe(failures + 1);
      waits.push(Number(after.watch_retry_at) - at);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60].map((minutes) => minutes * MINUTE));
    expect(watchRetryDelay(20)).toBe(WATCH_RETRY_MAX_MS);
    expect(await channel()).toBeUndefined();

    // The address works again: at its next try the channel opens and the backoff is forgotten.
    await testDb().run(sql`update calendar_connections set origin = ${baseUrl()} where mentor_id = ${m.id}`);
    await run(Number((await source()).watch_retry_at));
    expect(await source()).toMatchObject({ watch_failures: 0, watch_retry_at: null });
    expect(await channel()).toBeTruthy();
  });
});
