import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { notifications, timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { book, call, cancel, DAY, HOUR, hoursAhead, mentee, mentor, publish, publishOne, slotRow, subscribe } from "../support/scheduling";
import { roomUrlFor } from "../support/sockets";

/** Scheduling (ADR 0013) over REST: publishing slots, booking and cancelling, a mentor deleting a booked slot, the trial call and the race for one slot. */
describe("mentors publish slots", () => {
  it("creates a one-hour slot with the SPEC §3 fields, and weekly repeats in one go", async () => {
    const m = await mentor();
    const start = hoursAhead(48);
    const one = await publish(m.token, start, { title: "System design", description: "Bring a diagram" });
    expect(one.status).toBe(201);
    expect(one.body.message).toBe("Slot allocated successfully");
    const slot = one.body.allTimeSlots[0];
    expect(slot).toMatchObject({
      type: "session",
      start: start.toISOString(),
      end: new Date(start.getTime() + HOUR).toISOString(),
      menteeId: null,
      mentorId: m.id,
      title: "System design",
      description: "Bring a diagram",
      state: "open",
    });
    expect(Object.keys(slot)).toEqual(
      expect.arrayContaining([
        "_id",
        "type",
        "start",
        "end",
        "menteeId",
        "mentorId",
        "mentorName",
        "mentorProfileImage",
        "title",
        "description",
      ]),
    );

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
    expect(
      (
        await call("POST", "/api/mentors/available-timeslots", {
          token: other.token,
          body: { mentorId: owner.id, slotDetails: { start: hoursAhead(40).toISOString() } },
        })
      ).status,
    ).toBe(403);
    expect((await call("GET", `/api/mentors/available-timeslots/${owner.id}`, { token: other.token })).status).toBe(403);
    expect((await call("GET", `/api/mentors/slot-details/${slotId}`, { token: other.token })).status).toBe(403);
    expect((await call("DELETE", `/api/mentors/slot-details/${slotId}`, { token: other.token })).status).toBe(403);
    expect(await trpcOutcome(trpc(other.token).scheduling.deleteSlot.mutate({ slotId }))).toMatchObject({
      status: 403,
      message: "This slot belongs to another mentor.",
    });
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
    expect((await call("POST", "/api/mentees/timeslots/1", { token: a.token, body: { values: { menteeId: b.id }, slotId } })).status).toBe(
      403,
    );
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
    expect(told.map((n) => n.content)).toEqual(
      expect.arrayContaining([expect.stringMatching(/booked a session/), expect.stringMatching(/cancelled the session/)]),
    );
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
    expect(await call("DELETE", `/api/mentors/slot-details/${open}`, { token: m.token })).toMatchObject({
      status: 200,
      body: { cancelledBooking: false },
    });
    expect(await testDb().select().from(notifications).where(eq(notifications.recipientId, me.id))).toHaveLength(1);
    const schedule = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token });
    expect(schedule.body.callsLeft).toBe(4);
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
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    const ics = (await call("GET", `/api/calendar/booking/${a}.ics`, { token: me.token })).text.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain(`DTSTART:${stamp(aStart)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(new Date(aStart.getTime() + 15 * 60_000))}\r\n`);
    expect(ics).toContain("SUMMARY:Free intro call with ");
    const second = await call("POST", "/api/mentees/trail", { token: me.token, body: { slotId: b } });
    expect(second).toMatchObject({ status: 409, body: { message: "You have already had your free intro call with this mentor." } });
    expect(await trpcOutcome(trpc(me.token).scheduling.bookTrial.mutate({ slotId: b }))).toMatchObject({ status: 409 });
    // A trial does not use a paid call.
    await subscribe(me.id, m.id);
    expect((await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token })).body).toMatchObject({
      callsLeft: 4,
      trialUsed: true,
    });
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
    expect(told.map((n) => n.content)).toEqual([
      expect.stringMatching(new RegExp(`^${winner.row.firstName} ${winner.row.lastName} booked a session on `)),
    ]);
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
    const mine = await testDb()
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.menteeId, me.id), eq(timeSlots.state, "booked")));
    expect(mine).toHaveLength(4);
    expect(await testDb().select().from(notifications).where(eq(notifications.recipientId, m.id))).toHaveLength(4);
  });
});
