import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, notifications, reminderPlans, sessionReminders } from "../../db/schema";
import { formatDate, formatTime, zonedInstant } from "../../shared/zoned-time";
import { testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { insertEarning } from "../support/earnings";
import { book, call, cancel, HOUR, hoursAhead, mentee, mentor, publishOne, subscribe } from "../support/scheduling";

/** Scheduling (ADR 0013) over REST: time zones, calendar files and feeds, reminders and the mentor dashboard. */
describe("time zones", () => {
  it("a mentee in America/New_York booking an Asia/Kolkata mentor across the March DST change books the instant both see", async () => {
    const now = new Date("2027-03-08T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    // 9:00 am in Kolkata on the Saturday before (EST) and the Monday after (EDT) the US change of 14 March 2027.
    const before = zonedInstant("2027-03-13", "09:00", "Asia/Kolkata");
    const after = zonedInstant("2027-03-15", "09:00", "Asia/Kolkata");
    expect(before.toISOString()).toBe("2027-03-13T03:30:00.000Z");
    const ids = [await publishOne(m.token, before, now), await publishOne(m.token, after, now)];
    for (const id of ids) expect((await book(me.token, id, now)).status).toBe(201);

    const mine = await call("GET", `/api/mentees/booked-slots/${me.id}`, { token: me.token, now });
    const theirs = await call("GET", `/api/mentors/available-timeslots/${m.id}`, { token: m.token, now });
    const menteeStarts = mine.body.upcoming.map((s: { start: string }) => s.start);
    const mentorStarts = theirs.body.allTimeSlots.map((s: { start: string }) => s.start);
    expect(menteeStarts).toEqual(mentorStarts);
    expect(mine.body.upcoming[0]).toMatchObject({ mentorTimeZone: "Asia/Kolkata" });
    // What each sees on screen: the mentor's wall clock stays 9:00 am; the mentee's moves with her DST.
    expect(menteeStarts.map((s: string) => formatTime(s, "Asia/Kolkata"))).toEqual(["9:00 am", "9:00 am"]);
    expect(menteeStarts.map((s: string) => `${formatDate(s, "America/New_York")} ${formatTime(s, "America/New_York")}`)).toEqual([
      "March 12th 2027 10:30 pm",
      "March 14th 2027 11:30 pm",
    ]);
  });

  it("sets the account's zone, refuses an unknown one, and never overwrites a chosen zone with the browser's guess", async () => {
    const me = await mentee({ timeZone: null });
    const api = trpc(me.token);
    expect(await api.scheduling.timeZone.query()).toEqual({ timeZone: null });
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Europe/Berlin", onlyIfUnset: true })).toEqual({
      timeZone: "Europe/Berlin",
    });
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Asia/Tokyo", onlyIfUnset: true })).toEqual({ timeZone: "Europe/Berlin" });
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Asia/Tokyo" })).toEqual({ timeZone: "Asia/Tokyo" });
    expect(await trpcOutcome(api.scheduling.setTimeZone.mutate({ timeZone: "Mars/Olympus" }))).toMatchObject({ status: 400 });
  });

  it("the profile editors save the zone too: an unknown zone or a bare offset is a clear 400 and nothing changes", async () => {
    const me = await mentee({ timeZone: "Europe/Berlin" });
    const m = await mentor();
    const unknown = "Unknown time zone. Choose one from the list, an IANA name such as Asia/Kolkata";
    expect(
      await call("PATCH", `/api/mentees/edit-profile/${me.id}`, { token: me.token, body: { timeZone: "Mars/Olympus" } }),
    ).toMatchObject({ status: 400, body: { message: unknown } });
    expect(await call("PATCH", `/api/mentors/edit-profile/${m.id}`, { token: m.token, body: { timeZone: "+05:30" } })).toMatchObject({
      status: 400,
      body: { message: unknown },
    });
    expect(await trpcOutcome(trpc(me.token).mentees.updateProfile.mutate({ timeZone: "Not/AZone" }))).toMatchObject({
      status: 400,
      message: unknown,
    });
    expect(await trpc(me.token).scheduling.timeZone.query()).toEqual({ timeZone: "Europe/Berlin" });

    expect(await call("PATCH", `/api/mentees/edit-profile/${me.id}`, { token: me.token, body: { timeZone: "asia/tokyo" } })).toMatchObject({
      status: 200,
    });
    expect(await trpc(me.token).mentees.profile.query()).toMatchObject({ timeZone: "Asia/Tokyo" });
    expect(await trpc(m.token).mentors.updateProfile.mutate({ timeZone: "America/New_York" })).toMatchObject({
      timeZone: "America/New_York",
    });
    expect(await trpc(m.token).scheduling.timeZone.query()).toEqual({ timeZone: "America/New_York" });
  });
});
describe("calendars", () => {
  it("exports a booking as RFC 5545 text and lists it in the private feed until cancelled; resetting the feed revokes the old URL", async () => {
    const m = await mentor({ firstName: "Asha", lastName: "Rao, Jr; PhD" });
    const me = await mentee();
    const stranger = await mentee();
    await subscribe(me.id, m.id);
    const start = hoursAhead(60);
    const slotId = await publishOne(m.token, start);
    expect((await book(me.token, slotId)).status).toBe(201);

    const file = await call("GET", `/api/calendar/booking/${slotId}.ics`, { token: me.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(file.headers.get("content-disposition")).toMatch(/attachment; filename="mentorlink-session-.*\.ics"/);
    const text = file.text;
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text).toContain("\r\nPRODID:-//MentorLink//Bookings//EN\r\n");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n[ \t]/g, "");
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(unfolded).toContain(`DTSTART:${stamp(start)}\r\n`);
    expect(unfolded).toContain(`DTEND:${stamp(new Date(start.getTime() + HOUR))}\r\n`);
    expect(unfolded).toContain(`SUMMARY:Mentorship session with Asha Rao\\, Jr\\; PhD\r\n`);
    expect(unfolded).toMatch(new RegExp(`UID:${slotId}-\\d+@mentorlink\r\n`));
    expect((await call("GET", `/api/calendar/booking/${slotId}.ics`, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", `/api/calendar/booking/${slotId}.ics`)).status).toBe(401);
    // The mentor can export it too.
    expect((await call("GET", `/api/calendar/booking/${slotId}.ics`, { token: m.token })).status).toBe(200);

    const api = trpc(me.token);
    expect(await api.scheduling.calendarFeed.query()).toEqual({ url: null });
    const { url } = await api.scheduling.resetCalendarFeed.mutate();
    const feedPath = new URL(url!).pathname;
    const feed = await call("GET", feedPath);
    expect(feed.status).toBe(200);
    expect(feed.text.replace(/\r\n[ \t]/g, "")).toContain(`UID:${slotId}-`);
    expect((await cancel(me.token, slotId)).status).toBe(200);
    expect((await call("GET", feedPath)).text).not.toContain(slotId);
    const { url: next } = await api.scheduling.resetCalendarFeed.mutate();
    expect(next).not.toBe(url);
    expect((await call("GET", feedPath)).status).toBe(404);
    await api.scheduling.revokeCalendarFeed.mutate({});
    expect((await call("GET", new URL(next!).pathname)).status).toBe(404);
  });
});
describe("reminders", () => {
  const runAt = (now: Date) => call("POST", `/dev/cron/reminders?now=${now.getTime()}`);

  it("sends each party a notification and an e-mail 24 hours and 1 hour before, each exactly once even if the cron runs twice, at once, or late", async () => {
    const bookNow = new Date("2029-06-01T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, bookNow);
    const start = new Date("2029-06-03T10:00:00Z");
    const slotId = await publishOne(m.token, start, bookNow);
    expect((await book(me.token, slotId, bookNow)).status).toBe(201);
    const reminders = () => testDb().select().from(sessionReminders).where(eq(sessionReminders.slotId, slotId));
    // The reminders (the booking's own e-mails, are not counted here).
    const mails = async () =>
      (await testDb().select().from(emailOutbox)).filter(
        (e) => (e.to === me.row.email || e.to === m.row.email) && e.subject.startsWith("Reminder:"),
      );

    expect((await runAt(new Date(start.getTime() - 25 * HOUR))).status).toBe(200);
    expect(await reminders()).toHaveLength(0);
    // Twice at once, then once more (late): one 24h reminder each.
    const at24 = new Date(start.getTime() - 24 * HOUR + 2 * 60_000);
    await Promise.all([runAt(at24), runAt(at24)]);
    await runAt(new Date(start.getTime() - 3 * HOUR));
    // The sweep plans them; the reminders queue writes and sends them.
    const kinds = async () => (await reminders()).map((r) => `${r.recipientRole}:${r.kind}`).sort();
    await expect.poll(kinds, { timeout: 10_000 }).toEqual(["mentee:24h", "mentor:24h"]);
    await expect.poll(async () => (await mails()).filter((e) => e.sentAt !== null).length, { timeout: 10_000 }).toBe(2);
    expect(await mails()).toHaveLength(2);
    expect((await mails()).map((e) => e.subject)).toEqual([
      "Reminder: your MentorLink session is in about 24 hours",
      "Reminder: your MentorLink session is in about 24 hours",
    ]);
    // In the product's one look, in HTML as well as plain text, with when and with whom.
    for (const e of await mails()) {
      expect(e.html).toMatch(/^<!doctype html>.*<th[^>]*>When<\/th><td[^>]*>[^<]+<\/td>/);
      expect(e.body).toMatch(/^Reminder: your MentorLink session is in about 24 hours\n\nHi \w+,\n\nWhen: /);
    }
    const menteeNotes = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, me.id)));
    expect(menteeNotes.filter((n) => n.content.startsWith("Reminder:"))).toHaveLength(1);
    expect(menteeNotes[0].content).toMatch(/\(America\/New_York\)/);

    const at1 = new Date(start.getTime() - 50 * 60_000);
    await Promise.all([runAt(at1), runAt(at1), runAt(new Date(start.getTime() - 5 * 60_000))]);
    await expect.poll(kinds, { timeout: 10_000 }).toEqual(["mentee:1h", "mentee:24h", "mentor:1h", "mentor:24h"]);
    await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(4);
    const sent = await mails();
    expect(sent).toHaveLength(4);
    expect(sent.find((e) => e.to === m.row.email && /within the hour/.test(e.subject))?.body).toMatch(/\(Asia\/Kolkata\)/);
    // After the start: nothing more.
    await runAt(new Date(start.getTime() + 60_000));
    expect(await reminders()).toHaveLength(4);
  });

  it("a reminder is planned for its instant and not sent for a session cancelled before then", async () => {
    const bookNow = new Date("2029-08-01T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, bookNow);
    const start = new Date("2029-08-03T10:00:00Z");
    const slotId = await publishOne(m.token, start, bookNow);
    expect((await book(me.token, slotId, bookNow)).status).toBe(201);
    // Planned 3 seconds before its instant: the queue holds it until then; she cancels meanwhile.
    const planning = new Date(start.getTime() - 24 * HOUR - 3000);
    expect((await runAt(planning)).body).toMatchObject({ reminders: { planned: 1 } });
    const [plan] = await testDb().select().from(reminderPlans).where(eq(reminderPlans.slotId, slotId));
    expect(plan).toMatchObject({ kind: "24h", dueAt: new Date(start.getTime() - 24 * HOUR), doneAt: null });
    expect((await cancel(me.token, slotId, new Date(planning.getTime() + 1000))).status).toBe(200);
    await expect
      .poll(async () => (await testDb().select().from(reminderPlans).where(eq(reminderPlans.slotId, slotId)))[0].doneAt, {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(await testDb().select().from(sessionReminders).where(eq(sessionReminders.slotId, slotId))).toEqual([]);
    const reminderMails = (await testDb().select().from(emailOutbox)).filter(
      (e) => (e.to === me.row.email || e.to === m.row.email) && e.subject.startsWith("Reminder:"),
    );
    expect(reminderMails).toEqual([]);
  });

  it("a late cron skips straight to the 1-hour reminder", async () => {
    const bookNow = new Date("2029-07-01T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, bookNow);
    const start = new Date("2029-07-02T10:00:00Z");
    const slotId = await publishOne(m.token, start, bookNow);
    expect((await book(me.token, slotId, bookNow)).status).toBe(201);
    await runAt(new Date(start.getTime() - 30 * 60_000));
    const kinds = async () =>
      (await testDb().select().from(sessionReminders).where(eq(sessionReminders.slotId, slotId))).map((r) => r.kind);
    await expect.poll(kinds, { timeout: 10_000 }).toEqual(["1h", "1h"]);
  });
});
describe("the mentor dashboard", () => {
  it("lists booked sessions of the next 24 hours as sessionDetails and the last 30 days of enrollments as enrollmentObject", async () => {
    const m = await mentor();
    const me = await mentee({ firstName: "Priya", lastName: "Test" });
    await subscribe(me.id, m.id);
    // Its first paid month (the dashboard counts new enrollments from the ledger).
    await insertEarning(m.id, me.id, { paidAt: new Date(Date.now() - 5 * 24 * HOUR) });
    const soon = await publishOne(m.token, hoursAhead(23));
    const later = await publishOne(m.token, hoursAhead(26));
    await publishOne(m.token, hoursAhead(5)); // open, not listed
    expect((await book(me.token, soon)).status).toBe(201);
    expect((await book(me.token, later)).status).toBe(201);
    const live = await call("GET", `/api/mentors/todays-live-slots/${m.id}`, { token: m.token });
    expect(live.status).toBe(200);
    expect(live.body.sessionDetails).toHaveLength(1);
    expect(live.body.sessionDetails[0]).toMatchObject({ _id: soon, menteeId: { firstName: "Priya", lastName: "Test" } });
    expect((await call("GET", `/api/mentors/todays-live-slots/${m.id}`, { token: (await mentor()).token })).status).toBe(403);

    const chart = await call("GET", `/api/mentors/daily-enrollment-object/${m.id}`, { token: m.token });
    expect(chart.body.enrollmentObject).toHaveLength(30);
    expect(chart.body.enrollmentObject.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
  });
});
