import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { emailOutbox, enrollments, notifications, sessionReminders, timeSlots } from "../../db/schema";
import { formatDate, formatTime, zonedInstant } from "../../shared/zoned-time";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { baseUrl, trpc, trpcOutcome } from "../support/api";
import { roomUrlFor } from "../support/sockets";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Res = { status: number; body: Record<string, any>; text: string; headers: Headers };

/** A REST call, optionally at a given instant (the `x-mentorlink-now` header; honoured outside production only). */
async function call(method: string, path: string, options: { token?: string; body?: unknown; now?: Date } = {}): Promise<Res> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.now) headers["x-mentorlink-now"] = options.now.toISOString();
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  let body: Record<string, any> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // .ics
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** The top of an hour `hours` from now. */
const hoursAhead = (hours: number, from = Date.now()) => new Date(Math.ceil(from / HOUR) * HOUR + hours * HOUR);

async function mentor(overrides: Record<string, unknown> = {}) {
  const row = await createMentor({ timeZone: "Asia/Kolkata", firstName: "Asha", lastName: `Rao${crypto.randomUUID().slice(0, 4)}`, ...overrides });
  return { row, id: row.id, token: await accessTokenFor("mentor", row.id) };
}

async function mentee(overrides: Record<string, unknown> = {}) {
  const row = await createMentee({ timeZone: "America/New_York", ...overrides });
  return { row, id: row.id, token: await accessTokenFor("mentee", row.id) };
}

/** An active subscription of the pair, its period around `at`. */
async function subscribe(menteeId: string, mentorId: string, at = new Date()) {
  await testDb()
    .insert(enrollments)
    .values({ menteeId, mentorId, status: "active", amountPaise: 600_000, currentPeriodStart: new Date(at.getTime() - 5 * DAY), currentPeriodEnd: new Date(at.getTime() + 25 * DAY), activatedAt: new Date(at.getTime() - 5 * DAY) });
}

async function publish(token: string, start: Date, extra: Record<string, unknown> = {}, now?: Date) {
  return call("POST", "/api/mentors/available-timeslots", { token, now, body: { slotDetails: { start: start.toISOString(), ...extra } } });
}

async function publishOne(token: string, start: Date, now?: Date): Promise<string> {
  const r = await publish(token, start, {}, now);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.allTimeSlots[0]._id;
}

const book = (token: string, slotId: string, now?: Date) => call("POST", "/api/mentees/timeslots/1", { token, now, body: { values: {}, slotId } });
const cancel = (token: string, slotId: string, now?: Date) => call("PATCH", "/api/mentees/booked-slots/1", { token, now, body: { slotId } });
const slotRow = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];

describe("mentors publish slots", () => {
  it("creates a one-hour slot with the SPEC §3 fields, and weekly repeats in one go", async () => {
    const m = await mentor();
    const start = hoursAhead(48);
    const one = await publish(m.token, start, { title: "System design", description: "Bring a diagram" });
    expect(one.status).toBe(201);
    expect(one.body.message).toBe("Slot allocated successfully");
    const slot = one.body.allTimeSlots[0];
    expect(slot).toMatchObject({ type: "session", start: start.toISOString(), end: new Date(start.getTime() + HOUR).toISOString(), menteeId: null, mentorId: m.id, title: "System design", description: "Bring a diagram", state: "open" });
    expect(Object.keys(slot)).toEqual(expect.arrayContaining(["_id", "type", "start", "end", "menteeId", "mentorId", "mentorName", "mentorProfileImage", "title", "description"]));

    const weekly = await publish(m.token, hoursAhead(72), { weeks: 4 });
    expect(weekly.status).toBe(201);
    const starts = weekly.body.allTimeSlots.map((s: { start: string }) => Date.parse(s.start));
    expect(starts).toHaveLength(4);
    expect(starts.slice(1).map((s: number, i: number) => s - starts[i])).toEqual([7 * DAY, 7 * DAY, 7 * DAY]);

    const all = await call("GET", `/api/mentors/available-timeslots/${m.id}`, { token: m.token });
    expect(all.status).toBe(200);
    expect(all.body.allTimeSlots).toHaveLength(5);
  });

  it("refuses a start in the past, more than 90 days ahead, or overlapping another live slot (not just the same start); nothing is saved", async () => {
    const m = await mentor();
    expect((await publish(m.token, hoursAhead(-2))).status).toBe(400);
    const far = await publish(m.token, hoursAhead(91 * 24 + 1));
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/at most 90 days ahead/);
    // Weekly repeats that run past 90 days are refused as a whole.
    expect((await publish(m.token, new Date(hoursAhead(80 * 24)), { weeks: 3 })).status).toBe(400);

    const start = hoursAhead(30);
    await publishOne(m.token, start);
    const overlap = await publish(m.token, new Date(start.getTime() + 30 * 60 * 1000));
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toMatch(/overlaps another of your slots/);
    expect((await publish(m.token, start)).status).toBe(409);
    // Back to back is fine.
    expect((await publish(m.token, new Date(start.getTime() + HOUR))).status).toBe(201);
    const rows = await testDb().select().from(timeSlots).where(eq(timeSlots.mentorId, m.id));
    expect(rows).toHaveLength(2);
  });

  it("keeps each mentor to their own slots: another mentor's id, slot details and delete are refused (REST and tRPC)", async () => {
    const owner = await mentor();
    const other = await mentor();
    const slotId = await publishOne(owner.token, hoursAhead(20));
    expect((await call("POST", "/api/mentors/available-timeslots", { token: other.token, body: { mentorId: owner.id, slotDetails: { start: hoursAhead(40).toISOString() } } })).status).toBe(403);
    expect((await call("GET", `/api/mentors/available-timeslots/${owner.id}`, { token: other.token })).status).toBe(403);
    expect((await call("GET", `/api/mentors/slot-details/${slotId}`, { token: other.token })).status).toBe(403);
    expect((await call("DELETE", `/api/mentors/slot-details/${slotId}`, { token: other.token })).status).toBe(403);
    expect(await trpcOutcome(trpc(other.token).scheduling.deleteSlot.mutate({ slotId }))).toMatchObject({ status: 403, message: "This slot belongs to another mentor." });
    const own = await call("GET", `/api/mentors/slot-details/${slotId}`, { token: owner.token });
    expect(own.body.slotDetails._id).toBe(slotId);
    // A mentee cannot publish.
    const me = await mentee();
    expect((await publish(me.token, hoursAhead(50))).status).toBe(403);
    const gone = await call("DELETE", `/api/mentors/slot-details/${slotId}`, { token: owner.token });
    expect(gone).toMatchObject({ status: 200, body: { message: "Slot Deleted", cancelledBooking: false } });
    expect((await slotRow(slotId)).state).toBe("deleted");
  });
});

describe("mentees book and cancel", () => {
  it("books only with an active subscription; the slot shows in her booked slots; a second mentee gets 409 This slot was just taken", async () => {
    const m = await mentor();
    const a = await mentee();
    const b = await mentee();
    const slotId = await publishOne(m.token, hoursAhead(40));
    const refused = await book(a.token, slotId);
    expect(refused).toMatchObject({ status: 403, body: { message: "Subscribe to this mentor to book a session." } });
    await subscribe(a.id, m.id);
    await subscribe(b.id, m.id);

    const list = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: a.token });
    expect(list.body.timeSlots.map((s: { _id: string }) => s._id)).toEqual([slotId]);
    expect(list.body).toMatchObject({ callsLeft: 4, isEnrollmentActive: true });

    // The menteeId in values must be her own.
    expect((await call("POST", "/api/mentees/timeslots/1", { token: a.token, body: { values: { menteeId: b.id }, slotId } })).status).toBe(403);
    const ok = await book(a.token, slotId);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ message: "Slot allocated successfully", bookedSlot: { _id: slotId, menteeId: a.id, type: "session" } });
    expect(await book(b.token, slotId)).toMatchObject({ status: 409, body: { message: "This slot was just taken" } });

    const booked = await call("GET", `/api/mentees/booked-slots/${a.id}`, { token: a.token });
    expect(booked.body.upcoming.map((s: { _id: string }) => s._id)).toEqual([slotId]);
    expect((await call("GET", `/api/mentees/booked-slots/${a.id}`, { token: b.token })).status).toBe(403);
    // Calls left on the subscriptions page come from the bookings.
    const subs = await trpc(a.token).subscriptions.mine.query();
    expect(subs.find((s) => s.mentor.id === m.id)?.callsLeft).toBe(3);
    // The mentor is told.
    const told = await testDb().select().from(notifications).where(eq(notifications.recipientId, m.id));
    expect(told.map((n) => n.content).join()).toMatch(/booked a session/);
  });

  it("enforces 4 calls per period; a cancelled call goes back to the quota", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await publishOne(m.token, hoursAhead(30 + i * 2)));
    for (const id of ids.slice(0, 4)) expect((await book(me.token, id)).status).toBe(201);
    const fifth = await book(me.token, ids[4]);
    expect(fifth).toMatchObject({ status: 409, body: { message: "You have used all 4 calls of this period." } });
    expect(await trpcOutcome(trpc(me.token).scheduling.book.mutate({ slotId: ids[4] }))).toMatchObject({ status: 409 });
    expect((await cancel(me.token, ids[0])).status).toBe(200);
    expect((await book(me.token, ids[4])).status).toBe(201);
  });

  it("cancels only her own upcoming booking, up to 12 hours before the start; the slot opens again and the mentor is told", async () => {
    const m = await mentor();
    const me = await mentee();
    const other = await mentee();
    await subscribe(me.id, m.id);
    const start = hoursAhead(40);
    const slotId = await publishOne(m.token, start);
    expect((await book(me.token, slotId)).status).toBe(201);
    expect(await cancel(other.token, slotId)).toMatchObject({ status: 403, body: { message: "You can only cancel your own bookings." } });
    const late = await cancel(me.token, slotId, new Date(start.getTime() - 12 * HOUR + 60_000));
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/up to 12 hours before the start/);
    const ok = await cancel(me.token, slotId, new Date(start.getTime() - 12 * HOUR - 60_000));
    expect(ok).toMatchObject({ status: 200, body: { message: "Booking cancelled" } });
    expect(await slotRow(slotId)).toMatchObject({ state: "open", menteeId: null });
    expect((await cancel(me.token, slotId)).status).toBe(403);
    const told = await testDb().select().from(notifications).where(eq(notifications.recipientId, m.id));
    // One for the booking, one for the cancel that went through; the refused cancels wrote nothing.
    expect(told.map((n) => n.content)).toEqual(expect.arrayContaining([expect.stringMatching(/booked a session/), expect.stringMatching(/cancelled the session/)]));
    expect(told).toHaveLength(2);
  });

  it("refuses a slot that has started, and a second booking at the same time with another mentor", async () => {
    const m1 = await mentor();
    const m2 = await mentor();
    const me = await mentee();
    await subscribe(me.id, m1.id);
    await subscribe(me.id, m2.id);
    const start = hoursAhead(26);
    const s1 = await publishOne(m1.token, start);
    const s2 = await publishOne(m2.token, new Date(start.getTime() + 30 * 60 * 1000));
    expect((await book(me.token, s1, new Date(start.getTime() + 60_000))).status).toBe(400);
    expect((await book(me.token, s1)).status).toBe(201);
    expect(await book(me.token, s2)).toMatchObject({ status: 409, body: { message: "You already have a session at this time." } });
  });
});

describe("a mentor deletes a booked slot", () => {
  it("cancels the booking: the mentee gets a notification and the scheduler push, and the call is back in her quota", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const slotId = await publishOne(m.token, hoursAhead(50));
    expect((await book(me.token, slotId)).status).toBe(201);

    const socket = new WebSocket(await roomUrlFor(`user-room/mentee:${me.id}`, me.token));
    const events: { event: string; data: any }[] = [];
    socket.on("message", (raw) => events.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    try {
      const gone = await call("DELETE", `/api/mentors/slot-details/${slotId}`, { token: m.token });
      expect(gone).toMatchObject({ status: 200, body: { message: "Slot Deleted", cancelledBooking: true } });
      await expect.poll(() => events.map((e) => e.event), { timeout: 5000 }).toEqual(expect.arrayContaining(["scheduler", "notification"]));
      expect(events.find((e) => e.event === "scheduler")?.data).toMatchObject({ slotId, change: "deleted" });
      expect(events.find((e) => e.event === "notification")?.data.content).toMatch(/cancelled your session on .* \(America\/New_York\)/);
    } finally {
      socket.close();
    }
    const booked = await call("GET", `/api/mentees/booked-slots/${me.id}`, { token: me.token });
    expect(booked.body.bookedSlots).toEqual([]);
    const told = await testDb().select().from(notifications).where(eq(notifications.recipientId, me.id));
    expect(told.map((n) => n.content)).toEqual([expect.stringMatching(/cancelled your session on /)]);
    // Deleting it again, or an open slot, tells nobody.
    expect((await call("DELETE", `/api/mentors/slot-details/${slotId}`, { token: m.token })).status).toBe(404);
    const open = await publishOne(m.token, hoursAhead(80));
    expect(await call("DELETE", `/api/mentors/slot-details/${open}`, { token: m.token })).toMatchObject({ status: 200, body: { cancelledBooking: false } });
    expect(await testDb().select().from(notifications).where(eq(notifications.recipientId, me.id))).toHaveLength(1);
    const schedule = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token });
    expect(schedule.body.callsLeft).toBe(4);
  });
});

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
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Europe/Berlin", onlyIfUnset: true })).toEqual({ timeZone: "Europe/Berlin" });
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Asia/Tokyo", onlyIfUnset: true })).toEqual({ timeZone: "Europe/Berlin" });
    expect(await api.scheduling.setTimeZone.mutate({ timeZone: "Asia/Tokyo" })).toEqual({ timeZone: "Asia/Tokyo" });
    expect(await trpcOutcome(api.scheduling.setTimeZone.mutate({ timeZone: "Mars/Olympus" }))).toMatchObject({ status: 400 });
  });

  it("the profile editors save the zone too: an unknown zone or a bare offset is a clear 400 and nothing changes", async () => {
    const me = await mentee({ timeZone: "Europe/Berlin" });
    const m = await mentor();
    const unknown = "Unknown time zone. Choose one from the list, an IANA name such as Asia/Kolkata";
    expect(await call("PATCH", `/api/mentees/edit-profile/${me.id}`, { token: me.token, body: { timeZone: "Mars/Olympus" } })).toMatchObject({ status: 400, body: { message: unknown } });
    expect(await call("PATCH", `/api/mentors/edit-profile/${m.id}`, { token: m.token, body: { timeZone: "+05:30" } })).toMatchObject({ status: 400, body: { message: unknown } });
    expect(await trpcOutcome(trpc(me.token).mentees.updateProfile.mutate({ timeZone: "Not/AZone" }))).toMatchObject({ status: 400, message: unknown });
    expect(await trpc(me.token).scheduling.timeZone.query()).toEqual({ timeZone: "Europe/Berlin" });

    expect(await call("PATCH", `/api/mentees/edit-profile/${me.id}`, { token: me.token, body: { timeZone: "asia/tokyo" } })).toMatchObject({ status: 200 });
    expect(await trpc(me.token).mentees.profile.query()).toMatchObject({ timeZone: "Asia/Tokyo" });
    expect(await trpc(m.token).mentors.updateProfile.mutate({ timeZone: "America/New_York" })).toMatchObject({ timeZone: "America/New_York" });
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
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
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
    const mails = async () => (await testDb().select().from(emailOutbox)).filter((e) => e.to === me.row.email || e.to === m.row.email);

    expect((await runAt(new Date(start.getTime() - 25 * HOUR))).status).toBe(200);
    expect(await reminders()).toHaveLength(0);
    // Twice at once, then once more (late): one 24h reminder each.
    const at24 = new Date(start.getTime() - 24 * HOUR + 2 * 60_000);
    await Promise.all([runAt(at24), runAt(at24)]);
    await runAt(new Date(start.getTime() - 3 * HOUR));
    expect((await reminders()).map((r) => `${r.recipientRole}:${r.kind}`).sort()).toEqual(["mentee:24h", "mentor:24h"]);
    expect(await mails()).toHaveLength(2);
    expect((await mails()).map((e) => e.subject)).toEqual(["Reminder: your MentorLink session is in about 24 hours", "Reminder: your MentorLink session is in about 24 hours"]);
    const menteeNotes = await testDb().select().from(notifications).where(and(eq(notifications.recipientId, me.id)));
    expect(menteeNotes.filter((n) => n.content.startsWith("Reminder:"))).toHaveLength(1);
    expect(menteeNotes[0].content).toMatch(/\(America\/New_York\)/);

    const at1 = new Date(start.getTime() - 50 * 60_000);
    await Promise.all([runAt(at1), runAt(at1), runAt(new Date(start.getTime() - 5 * 60_000))]);
    expect((await reminders()).map((r) => `${r.recipientRole}:${r.kind}`).sort()).toEqual(["mentee:1h", "mentee:24h", "mentor:1h", "mentor:24h"]);
    const sent = await mails();
    expect(sent).toHaveLength(4);
    expect(sent.find((e) => e.to === m.row.email && /within the hour/.test(e.subject))?.body).toMatch(/\(Asia\/Kolkata\)/);
    // After the start: nothing more.
    await runAt(new Date(start.getTime() + 60_000));
    expect(await reminders()).toHaveLength(4);
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
    const rows = await testDb().select().from(sessionReminders).where(eq(sessionReminders.slotId, slotId));
    expect(rows.map((r) => r.kind)).toEqual(["1h", "1h"]);
  });
});

describe("the mentor dashboard", () => {
  it("lists booked sessions of the next 24 hours as sessionDetails and the last 30 days of enrollments as enrollmentObject", async () => {
    const m = await mentor();
    const me = await mentee({ firstName: "Priya", lastName: "Test" });
    await subscribe(me.id, m.id);
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

describe("the trial call", () => {
  it("books one free intro call per mentee and mentor without a subscription; a second is refused", async () => {
    const m = await mentor();
    const me = await mentee();
    const aStart = hoursAhead(30);
    const [a, b] = [await publishOne(m.token, aStart), await publishOne(m.token, hoursAhead(33))];
    const first = await call("POST", "/api/mentees/trail", { token: me.token, body: { slotId: a } });
    expect(first).toMatchObject({ status: 201, body: { bookedSlot: { _id: a, type: "trial", menteeId: me.id } } });
    // Her calendar holds the 15-minute call, not the one-hour slot.
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    const ics = (await call("GET", `/api/calendar/booking/${a}.ics`, { token: me.token })).text.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain(`DTSTART:${stamp(aStart)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(new Date(aStart.getTime() + 15 * 60_000))}\r\n`);
    expect(ics).toContain("SUMMARY:Free intro call with ");
    const second = await call("POST", "/api/mentees/trail", { token: me.token, body: { slotId: b } });
    expect(second).toMatchObject({ status: 409, body: { message: "You have already had your free intro call with this mentor." } });
    expect(await trpcOutcome(trpc(me.token).scheduling.bookTrial.mutate({ slotId: b }))).toMatchObject({ status: 409 });
    // A trial does not use a paid call.
    await subscribe(me.id, m.id);
    expect((await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token })).body).toMatchObject({ callsLeft: 4, trialUsed: true });
  });
});

describe("the race", () => {
  it("of 100 concurrent bookings of one slot exactly 1 wins and 99 get a clean 409", async () => {
    const m = await mentor();
    const slotId = await publishOne(m.token, hoursAhead(70));
    const people = await Promise.all(Array.from({ length: 100 }, () => mentee()));
    for (const p of people) await subscribe(p.id, m.id);
    const results = await Promise.all(people.map((p) => book(p.token, slotId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === "This slot was just taken")).toBe(true);
    const winner = people[statuses.indexOf(201)];
    expect((await slotRow(slotId)).menteeId).toBe(winner.id);
    // The mentor's notification is in the booking's batch: one for the winner, none for the 99 refused.
    const told = await testDb().select().from(notifications).where(eq(notifications.recipientId, m.id));
    expect(told.map((n) => n.content)).toEqual([expect.stringMatching(new RegExp(`^${winner.row.firstName} ${winner.row.lastName} booked a session on `))]);
  });

  it("20 concurrent bookings by one mentee with 1 call left give exactly one booking", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const ids: string[] = [];
    const r = await publish(m.token, hoursAhead(30), { weeks: 3 });
    ids.push(...r.body.allTimeSlots.map((s: { _id: string }) => s._id));
    for (const id of ids) expect((await book(me.token, id)).status).toBe(201);
    const open: string[] = [];
    for (let i = 0; i < 20; i++) open.push(await publishOne(m.token, hoursAhead(34 + i * 2)));
    const results = await Promise.all(open.map((id) => book(me.token, id)));
    expect(results.filter((x) => x.status === 201)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(19);
    const mine = await testDb().select().from(timeSlots).where(and(eq(timeSlots.menteeId, me.id), eq(timeSlots.state, "booked")));
    expect(mine).toHaveLength(4);
    expect(await testDb().select().from(notifications).where(eq(notifications.recipientId, m.id))).toHaveLength(4);
  });
});
