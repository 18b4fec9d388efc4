import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarBusy, calendarConnections, calendarSessionEvents, calendarSources } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { move } from "../support/moves";
import { eventIcs, type Radicale, startRadicale } from "../support/radicale";
import { book, call, cancel, HOUR, hoursAhead, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";
import { until } from "../support/until";

/**
 * A mentor's own calendar (ADR 0040) through the built Worker against a real CalDAV server (Radicale): connecting,
 * the busy-time mirror closing a slot inside the booking statement, an event deleted on the server freeing it,
 * sessions written back with our UID, a password changed at the provider, and the address rule.
 */

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
});

const BUSY_MESSAGE = "The mentor is busy at this time. Choose another time.";

const busyOf = (mentorId: string) => testDb().select().from(calendarBusy).where(eq(calendarBusy.mentorId, mentorId));

/** Every calendar is due now: the minute sweep run as if the pull interval had passed (further each time). */
let sweeps = 0;
const pullNow = () => call("POST", `/dev/cron/calendarSync?now=${Date.now() + ++sweeps * 6 * 60 * 1000}`);

async function connectedMentor() {
  const m = await mentor();
  const username = `mentor${crypto.randomUUID().slice(0, 8)}`;
  const auth = { username, password: "first-app-password" };
  const calendarUrl = await radicale.addUser(username, auth.password);
  return { m, auth, calendarUrl, api: trpc(m.token) };
}

describe("connecting a CalDAV calendar", () => {
  it("refuses a wrong password, an address that is not a server, and a private address, each in words; nothing is kept", async () => {
    const { m, auth, api } = await connectedMentor();
    const wrong = await trpcOutcome(
      api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, username: auth.username, password: "nope" }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      message: "The calendar server did not accept this user name and app password. Check them and try again.",
    });
    const closed = await trpcOutcome(api.calendars.connectCaldav.mutate({ serverUrl: "http://127.0.0.1:9", username: "a", password: "b" }));
    expect(closed.status).toBe(400);
    expect(closed.message).toMatch(/could not reach a CalDAV calendar/);
    const plain = await trpcOutcome(
      api.calendars.connectCaldav.mutate({ serverUrl: "http://calendar.example.com", username: "a", password: "b" }),
    );
    expect(plain).toMatchObject({ status: 400, message: "The calendar server's address must start with https://." });
    for (const inside of ["https://10.0.0.5/dav", "https://169.254.169.254/", "https://[fd00::1]/", "https://printer.local/"]) {
      const refused = await trpcOutcome(api.calendars.connectCaldav.mutate({ serverUrl: inside, username: "a", password: "b" }));
      expect(refused, inside).toMatchObject({ status: 400, message: expect.stringMatching(/not a public calendar server/) });
    }
    expect(await testDb().select().from(calendarConnections).where(eq(calendarConnections.mentorId, m.id))).toEqual([]);
  });

  it("lists the account's calendars, keeps the credentials encrypted, and disconnecting removes everything of it", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    const start = hoursAhead(48);
    await radicale.putEvent(calendarUrl, "standup", eventIcs("standup-1", start, new Date(start.getTime() + HOUR)), auth);
    const { connectionId } = await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    const [account] = await api.calendars.accounts.query();
    expect(account).toMatchObject({
      id: connectionId,
      provider: "caldav",
      state: "ok",
      accountLabel: `${auth.username} (${new URL(radicale.url).host})`,
    });
    expect(account!.calendars).toEqual([
      expect.objectContaining({ name: "work", countsAsBusy: true, writesSessions: true, writable: true, missing: false }),
    ]);
    const [row] = await testDb().select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
    expect(row!.credentials).not.toContain(auth.password);
    expect(row!.credentials).not.toContain(auth.username);
    await until(async () => (await busyOf(m.id)).length === 1, "the first pull");

    await api.calendars.disconnect.mutate({ connectionId });
    expect(await api.calendars.accounts.query()).toEqual([]);
    expect(await busyOf(m.id)).toEqual([]);
    expect(await testDb().select().from(calendarSources).where(eq(calendarSources.mentorId, m.id))).toEqual([]);
  });
});

describe("a calendar he may only read", () => {
  const READ_ONLY = "This calendar is read-only: choose another one for new sessions.";

  it("is listed read-only from its privileges, counts as busy if he wants, and is refused for new sessions with a 400", async () => {
    const { m, auth, api } = await connectedMentor();
    // A subscribed calendar that sorts first: his own calendar still becomes the main one.
    const holidaysUrl = await radicale.addCalendar(auth.username, "aaa-holidays");
    const start = hoursAhead(30);
    await radicale.putEvent(holidaysUrl, "diwali", eventIcs("diwali-1", start, new Date(start.getTime() + HOUR)), auth);
    radicale.makeReadOnly(auth.username, "aaa-holidays");
    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    const [account] = await api.calendars.accounts.query();
    const holidays = account!.calendars.find((c) => c.name === "aaa-holidays")!;
    const work = account!.calendars.find((c) => c.name === "work")!;
    expect(holidays).toMatchObject({ writable: false, writesSessions: false, countsAsBusy: false });
    expect(work).toMatchObject({ writable: true, writesSessions: true, countsAsBusy: true });

    const refused = await trpcOutcome(api.calendars.chooseCalendar.mutate({ calendarId: holidays.id, writesSessions: true }));
    expect(refused).toMatchObject({ status: 400, message: READ_ONLY });
    // Nothing changed: his own calendar still takes the sessions.
    const [after] = await api.calendars.accounts.query();
    expect(after!.calendars.find((c) => c.id === work.id)).toMatchObject({ writesSessions: true });
    expect(after!.calendars.find((c) => c.id === holidays.id)).toMatchObject({ writesSessions: false });

    // Reading it is allowed: its events close his slots like any other busy calendar's.
    await api.calendars.chooseCalendar.mutate({ calendarId: holidays.id, countsAsBusy: true });
    await until(
      async () => (await busyOf(m.id)).some((b) => b.sourceId === holidays.id && b.startAt.getTime() === start.getTime()),
      "the holiday in the mirror",
    );
  });

  it("made read-only after he chose it: the next session's write is refused once, and the calendar stops taking sessions", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    const [before] = await api.calendars.accounts.query();
    expect(before!.calendars[0]).toMatchObject({ writable: true, writesSessions: true });
    // Its owner shares it with him to read only from now on (as a team calendar's admin would).
    radicale.makeReadOnly(auth.username, "work");
    const slotId = await publishOne(m.token, hoursAhead(54));
    expect((await book(me.token, slotId)).status).toBe(201);
    const bookingId = (await slotRow(slotId)).bookingId!;
    await until(async () => {
      const [account] = await api.calendars.accounts.query();
      return account?.calendars[0]?.writable === false;
    }, "the calendar marked read-only");
    const [account] = await api.calendars.accounts.query();
    expect(account).toMatchObject({ state: "ok", calendars: [expect.objectContaining({ writable: false, writesSessions: false })] });
    // Done with, not parked for retries: the mark is written (nothing to write to) with no attempt counted.
    const mark = await until(async () => {
      const [row] = await testDb().select().from(calendarSessionEvents).where(eq(calendarSessionEvents.bookingId, bookingId));
      return row && row.writtenVersion >= row.version ? row : null;
    }, "the mark settled");
    expect(mark).toMatchObject({ attempts: 0, ref: null });
    expect((await radicale.events(calendarUrl, auth)).some((e) => e.includes(bookingId))).toBe(false);
  });
});

describe("a calendar deleted at the provider", () => {
  it("is marked deleted on his tab and frees the time its meetings held", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    const start = hoursAhead(60);
    await radicale.putEvent(calendarUrl, "retro", eventIcs("retro-1", start, new Date(start.getTime() + HOUR)), auth);
    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    await until(async () => (await busyOf(m.id)).length === 1, "the retro in the mirror");
    const removed = await fetch(calendarUrl, {
      method: "DELETE",
      headers: { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}` },
    });
    expect(removed.status).toBeLessThan(300);
    await pullNow();
    await until(async () => (await api.calendars.accounts.query())[0]?.calendars[0]?.missing, "the calendar marked deleted");
    expect(await busyOf(m.id)).toEqual([]);
    const [account] = await api.calendars.accounts.query();
    expect(account).toMatchObject({ state: "ok", calendars: [expect.objectContaining({ countsAsBusy: false, writesSessions: false })] });
  });
});

describe("busy time closes slots", () => {
  it("a meeting in his calendar makes the overlapping slot unbookable (inside the booking statement); deleted on the server, it frees it", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const start = hoursAhead(72);
    const slotId = await publishOne(m.token, start);
    const other = await publishOne(m.token, new Date(start.getTime() + 3 * HOUR));
    // The meeting starts half an hour into the slot, in another zone: the interval overlaps all the same.
    const meeting = await radicale.putEvent(
      calendarUrl,
      "review",
      eventIcs("review-1", new Date(start.getTime() + HOUR / 2), new Date(start.getTime() + 2 * HOUR)),
      auth,
    );
    // The mentee's schedule offers the slot before the pull…
    const mine = trpc(me.token);
    const before = await mine.scheduling.mentorSchedule.query({ mentorId: m.id });
    expect(before.timeSlots.map((s) => s.id)).toContain(slotId);

    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    await until(async () => (await busyOf(m.id)).length === 1, "the meeting in the mirror");

    // …and not after it; a booking from the stale page is refused by the statement itself, with the reason.
    const after = await mine.scheduling.mentorSchedule.query({ mentorId: m.id });
    expect(after.timeSlots.map((s) => s.id)).not.toContain(slotId);
    expect(after.timeSlots.map((s) => s.id)).toContain(other);
    const refused = await book(me.token, slotId);
    expect(refused).toMatchObject({ status: 409, body: { message: BUSY_MESSAGE } });
    expect((await slotRow(slotId)).state).toBe("open");
    // The scheduler draws it from our database.
    const drawn = await api.calendars.busy.query({
      from: new Date(start.getTime() - HOUR).toISOString(),
      to: new Date(start.getTime() + 5 * HOUR).toISOString(),
    });
    expect(drawn).toEqual([
      { startAt: new Date(start.getTime() + HOUR / 2).toISOString(), endAt: new Date(start.getTime() + 2 * HOUR).toISOString() },
    ]);

    await radicale.deleteEvent(meeting, auth);
    await pullNow();
    await until(async () => (await busyOf(m.id)).length === 0, "the meeting gone from the mirror");
    expect((await book(me.token, slotId)).status).toBe(201);
  });

  it("a booking racing an external event: once the pull has landed, no booking can overlap it, whatever the page showed", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    await until(async () => {
      const [s] = await testDb().select().from(calendarSources).where(eq(calendarSources.mentorId, m.id));
      return s?.lastPulledAt;
    }, "the first pull");
    const start = hoursAhead(96);
    const slots = [];
    for (let i = 0; i < 4; i++) slots.push(await publishOne(m.token, new Date(start.getTime() + i * HOUR)));
    const mentees = await Promise.all(
      slots.map(async () => {
        const me = await mentee();
        await subscribe(me.id, m.id);
        return me;
      }),
    );
    // The external meeting covers the four hours; the pull and the four bookings go at once.
    await radicale.putEvent(calendarUrl, "offsite", eventIcs("offsite-1", start, new Date(start.getTime() + 4 * HOUR)), auth);
    const [, ...booked] = await Promise.all([pullNow(), ...slots.map((id, i) => book(mentees[i]!.token, id))]);
    await until(async () => (await busyOf(m.id)).length === 1, "the offsite in the mirror");
    // Bookings that committed before the pull landed stand (the meeting was not known yet); every later one is refused.
    for (const r of booked) expect([201, 409]).toContain(r.status);
    const again = await Promise.all(slots.map((id, i) => book(mentees[(i + 1) % 4]!.token, id)));
    for (const r of again) expect(r.status).toBe(409);
    for (const id of slots) {
      const row = await slotRow(id);
      if (row.state === "booked") expect(booked[slots.indexOf(id)]!.status).toBe(201);
    }
  });
});

describe("sessions written to his calendar, and a password changed at the provider", () => {
  it("a booking appears in his calendar with our UID, a cancel removes it; a changed password asks him to reconnect and bookings go on", async () => {
    const { m, auth, api, calendarUrl } = await connectedMentor();
    const me = await mentee({ firstName: "Meera" });
    await subscribe(me.id, m.id);
    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    const start = hoursAhead(50);
    const slotId = await publishOne(m.token, start);
    expect((await book(me.token, slotId)).status).toBe(201);
    const bookingId = (await slotRow(slotId)).bookingId!;
    const written = await until(async () => {
      const events = await radicale.events(calendarUrl, auth);
      return events.find((e) => e.includes(`UID:${bookingId}@mentorlink`));
    }, "the session in his calendar");
    expect(written).toMatch(/Meera/);
    // A move rewrites the same event (same UID, one object) at the new time.
    const later = new Date(start.getTime() + 5 * HOUR);
    const target = await publishOne(m.token, later);
    expect((await move(me.token, slotId, target)).status).toBe(200);
    const stamp = later
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    await until(async () => {
      const ours = (await radicale.events(calendarUrl, auth)).filter((e) => e.includes(`UID:${bookingId}@mentorlink`));
      return ours.length === 1 && ours[0]!.includes(`DTSTART:${stamp}`);
    }, "the session moved in his calendar");
    expect((await move(me.token, target, slotId)).status).toBe(200);
    // Pulled back, our own session is not busy time of its own (it is a booking already).
    await pullNow();
    await until(async () => {
      const [s] = await testDb().select().from(calendarSources).where(eq(calendarSources.mentorId, m.id));
      return s?.lastPulledAt && s.lastPulledAt.getTime() > Date.now() - 5000;
    }, "a pull after the session");
    expect(await busyOf(m.id)).toEqual([]);

    expect((await cancel(me.token, slotId)).status).toBe(200);
    await until(async () => {
      const events = await radicale.events(calendarUrl, auth);
      return !events.some((e) => e.includes(`UID:${bookingId}@mentorlink`));
    }, "the session removed from his calendar");
    // The event goes from the server first, then its record here: on a busy machine the second can lag the first.
    await until(async () => {
      const [mark] = await testDb().select().from(calendarSessionEvents).where(eq(calendarSessionEvents.bookingId, bookingId));
      return mark !== undefined && mark.ref === null;
    }, "the session's record cleared");

    // He changes his app password at the provider: the next pull marks the account lost, the busy time stays.
    await radicale.putEvent(calendarUrl, "dentist", eventIcs("dentist-1", start, new Date(start.getTime() + HOUR)), auth);
    await pullNow();
    await until(async () => (await busyOf(m.id)).length === 1, "the dentist in the mirror");
    radicale.setPassword(auth.username, "second-app-password");
    await pullNow();
    await until(async () => (await api.calendars.accounts.query())[0]?.state === "lost", "the account marked lost");
    expect(await busyOf(m.id)).toHaveLength(1);
    expect((await book(me.token, slotId)).body.message).toBe(BUSY_MESSAGE);

    await api.calendars.connectCaldav.mutate({ serverUrl: radicale.url, username: auth.username, password: "second-app-password" });
    const [account] = await api.calendars.accounts.query();
    expect(account).toMatchObject({ state: "ok" });
    expect(account!.calendars).toHaveLength(1);
  });
});
