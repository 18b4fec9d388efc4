import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { book, DAY, HOUR, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";
import { setRules, trpcAt } from "../support/waitlist";

/** Booking with an agenda, and the mentee's schedule view (only what she could book, her holds, her next booking, her next available times). */
describe("booking with an agenda", () => {
  it("saves the trimmed agenda on the slot and shows it to the mentor (slot details and notice); a too-long agenda is a 400 and nothing is booked", async () => {
    const now = new Date("2025-04-07T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    const first = await publishOne(m.token, new Date(now.getTime() + 2 * DAY), now);
    const second = await publishOne(m.token, new Date(now.getTime() + 3 * DAY), now);
    const api = trpcAt(me.token, now);

    const long = await trpcOutcome(api.scheduling.book.mutate({ slotId: first, agenda: "x".repeat(501) }));
    expect(long).toMatchObject({ status: 400, message: expect.stringMatching(/Agenda must be at most 500 characters/) });
    expect(await slotRow(first)).toMatchObject({ state: "open", agenda: null });

    const booked = await api.scheduling.book.mutate({ slotId: first, agenda: "  Mock interview: system design  " });
    expect(booked).toMatchObject({ state: "booked", agenda: "Mock interview: system design", menteeId: me.id });
    expect(await trpcAt(m.token, now).scheduling.slot.query({ slotId: first })).toMatchObject({
      agenda: "Mock interview: system design",
      menteeId: me.id,
    });
    const notices = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, m.id)));
    expect(notices.map((n) => n.content)).toEqual([
      expect.stringMatching(/booked a session on .*\. Agenda: Mock interview: system design$/),
    ]);

    // A blank agenda is none; the REST booking (`{ values, slotId }`) books without one.
    expect(await api.scheduling.book.mutate({ slotId: second, agenda: "   " })).toMatchObject({ state: "booked", agenda: null });
    const third = await publishOne(m.token, new Date(now.getTime() + 4 * DAY), now);
    expect((await book(me.token, third, now)).status).toBe(201);
    expect((await slotRow(third)).agenda).toBeNull();
  });

  it("a double click books once; the free intro call takes an agenda too", async () => {
    const now = new Date("2025-04-08T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    const slotId = await publishOne(m.token, new Date(now.getTime() + 2 * DAY), now);
    const api = trpcAt(me.token, now);
    const outcomes = await Promise.all([1, 2].map(() => trpcOutcome(api.scheduling.book.mutate({ slotId, agenda: "Career change" }))));
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(outcomes.find((o) => o.status === 409)?.message).toBe("You have already booked this slot.");
    const notices = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, m.id)));
    expect(notices).toHaveLength(1);

    const other = await mentor();
    const trial = await publishOne(other.token, new Date(now.getTime() + 3 * DAY), now);
    expect(await api.scheduling.bookTrial.mutate({ slotId: trial, agenda: "Is mentoring right for me?" })).toMatchObject({
      type: "trial",
      agenda: "Is mentoring right for me?",
    });
  });
});

describe("the mentee's view of a mentor's schedule", () => {
  it("lists only slots she could book under his rules (not inside his notice, his buffer, or held for another), with her holds, her next booking and her waitlist state", async () => {
    const now = new Date("2025-04-14T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    const other = await mentee();
    await subscribe(me.id, m.id, now);
    await subscribe(other.id, m.id, now);
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const soon = await publishOne(m.token, at(6), now);
    const later = await publishOne(m.token, at(30), now);
    const heldForOther = await publishOne(m.token, at(40), now);
    const heldForMe = await publishOne(m.token, at(60), now);
    const mine = await publishOne(m.token, at(72), now);
    const nextToMine = await publishOne(m.token, at(73), now);
    const until = new Date(now.getTime() + 10 * 60 * 1000);
    await testDb().update(timeSlots).set({ heldFor: other.id, heldUntil: until }).where(eq(timeSlots.id, heldForOther));
    await testDb().update(timeSlots).set({ heldFor: me.id, heldUntil: until }).where(eq(timeSlots.id, heldForMe));
    const api = trpcAt(me.token, now);
    await api.scheduling.book.mutate({ slotId: mine });

    const schedule = await api.scheduling.mentorSchedule.query({ mentorId: m.id });
    expect(schedule.timeSlots.map((s) => s.id)).toEqual([later, heldForMe, nextToMine]);
    expect(schedule).toMatchObject({
      heldForMe: [{ slotId: heldForMe, until: until.toISOString() }],
      nextBooking: at(72).toISOString(),
      waitlisted: false,
      isEnrollmentActive: true,
      callsLeft: 3,
    });
    const theirs = await trpcAt(other.token, now).scheduling.mentorSchedule.query({ mentorId: m.id });
    expect(theirs.timeSlots.map((s) => s.id)).toEqual([later, heldForOther, nextToMine]);
    expect(theirs).toMatchObject({ heldForMe: [{ slotId: heldForOther, until: until.toISOString() }], nextBooking: null });

    // No notice: the slot 6 hours ahead is offered; a one-hour buffer hides the slot right after her booking.
    await setRules(m.id, { noticeMinutes: 0, bufferMinutes: 60 });
    expect((await api.scheduling.mentorSchedule.query({ mentorId: m.id })).timeSlots.map((s) => s.id)).toEqual([soon, later, heldForMe]);

    // Her next available times: the first three she could book, per subscribed mentor.
    const next = await api.scheduling.nextAvailable.query();
    expect(next).toEqual([
      expect.objectContaining({
        mentorId: m.id,
        mentorTimeZone: "Asia/Kolkata",
        slots: [expect.objectContaining({ id: soon }), expect.objectContaining({ id: later }), expect.objectContaining({ id: heldForMe })],
      }),
    ]);
  });

  it("her bookings say whether she can still cancel or reschedule: more than 12 hours ahead, or when the mentor asked her to pick another time", async () => {
    const now = new Date("2025-04-21T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    await setRules(m.id, { noticeMinutes: 0 });
    const far = await publishOne(m.token, new Date(now.getTime() + 3 * DAY), now);
    const near = await publishOne(m.token, new Date(now.getTime() + 6 * HOUR), now);
    const api = trpcAt(me.token, now);
    await api.scheduling.book.mutate({ slotId: far });
    await api.scheduling.book.mutate({ slotId: near });
    const flags = async () =>
      Object.fromEntries(
        (await api.scheduling.myBookings.query()).upcoming.map((b) => [b.id, { canCancel: b.canCancel, canReschedule: b.canReschedule }]),
      );
    expect(await flags()).toEqual({ [near]: { canCancel: false, canReschedule: false }, [far]: { canCancel: true, canReschedule: true } });
    await testDb()
      .update(timeSlots)
      .set({ rescheduleRequestedAt: now, rescheduleMessage: "I am travelling" })
      .where(eq(timeSlots.id, near));
    expect((await flags())[near]).toEqual({ canCancel: true, canReschedule: true });
  });
});
