import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, timeOff } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { dayIn, generatedSlots, trpcAt, wallTime } from "../support/availability";
import { book, call, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";

/** Time off (ADR 0023) through the built Worker: preview, confirm, the stale confirmation, the booking statement, removal. */

const Z = "Asia/Kolkata";
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "10:00", end: "13:00" }));
const minute = (at = Date.now()) => new Date(Math.floor(at / 60_000) * 60_000);

/** A mentor with weekly hours 10:00-13:00 every day, and a subscribed mentee. */
async function mentorWithHours(now: Date) {
  const m = await mentor();
  await trpcAt(m.token, now).scheduling.setWeeklyHours.mutate({ weeklyHours: ALL_WEEK });
  const me = await mentee();
  await subscribe(me.id, m.id, now);
  const slotAt = async (days: number, time: string) =>
    (await generatedSlots(m.id)).find((r) => r.startAt.getTime() === wallTime(now, days, time, Z).getTime())!;
  return { m, me, api: trpcAt(m.token, now), slotAt };
}

describe("time off", () => {
  it("lists the bookings it would cancel; confirmed, it cancels them as a mentor's delete does (notice, call back) and removes the open slots", async () => {
    const now = minute();
    const { m, me, api, slotAt } = await mentorWithHours(now);
    const [a, b, open] = [await slotAt(3, "10:00"), await slotAt(3, "11:00"), await slotAt(3, "12:00")];
    expect((await book(me.token, a.id, now)).status).toBe(201);
    expect((await book(me.token, b.id, now)).status).toBe(201);
    const day = dayIn(now, 3, Z);

    const preview = await api.scheduling.previewTimeOff.query({ firstDay: day, lastDay: day });
    expect(preview.openSlots).toBe(1);
    expect(preview.bookings.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(preview.bookings[0]).toMatchObject({ state: "booked", menteeId: me.id });

    const added = await api.scheduling.addTimeOff.mutate({
      firstDay: day,
      lastDay: day,
      note: "Family wedding",
      confirmedBookingIds: preview.bookings.map((s) => s.bookingId!),
    });
    expect(added).toMatchObject({
      cancelled: 2,
      removed: 1,
      timeOff: {
        firstDay: day,
        lastDay: day,
        note: "Family wedding",
        start: wallTime(now, 3, "00:00", Z).toISOString(),
        end: wallTime(now, 4, "00:00", Z).toISOString(),
      },
    });
    for (const id of [a.id, b.id, open.id]) expect((await slotRow(id)).state).toBe("deleted");
    // The day before and after keep their slots.
    expect(await slotAt(2, "12:00")).toBeDefined();
    expect(await slotAt(4, "10:00")).toBeDefined();

    const told = await testDb().select().from(notifications).where(eq(notifications.recipientId, me.id));
    expect(told.filter((n) => /cancelled your session/.test(n.content) && /Time off/.test(n.content))).toHaveLength(2);
    const schedule = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token, now });
    expect(schedule.body.callsLeft).toBe(4);
    expect(await api.scheduling.timeOff.query()).toEqual([added.timeOff]);

    // The booking statement refuses a slot inside the period, even one published by hand after it.
    const inside = await publishOne(m.token, wallTime(now, 3, "15:00", Z), now);
    const refused = await book(me.token, inside, now);
    expect(refused).toMatchObject({ status: 409, body: { message: "The mentor is away at this time. Choose another time." } });
    expect((await slotRow(inside)).state).toBe("open");
  });

  it("refuses a stale confirmation before writing anything, with the fresh list", async () => {
    const now = minute();
    const { me, api, slotAt } = await mentorWithHours(now);
    const day = dayIn(now, 5, Z);
    const preview = await api.scheduling.previewTimeOff.query({ firstDay: day, lastDay: dayIn(now, 6, Z) });
    expect(preview).toMatchObject({ bookings: [], openSlots: 6 });
    // A booking arrives after the preview.
    const slot = await slotAt(6, "11:00");
    expect((await book(me.token, slot.id, now)).status).toBe(201);

    const stale = await trpcOutcome(
      api.scheduling.addTimeOff.mutate({ firstDay: day, lastDay: dayIn(now, 6, Z), confirmedBookingIds: [] }),
    );
    expect(stale).toMatchObject({ status: 409, message: "The bookings in this period changed. Review them and confirm again." });
    expect((stale.details?.bookings as { id: string }[] | undefined)?.map((s) => s.id)).toEqual([slot.id]);
    // Nothing was written: no period, the booking and the open slots are as they were.
    expect(await api.scheduling.timeOff.query()).toEqual([]);
    expect(await slotRow(slot.id)).toMatchObject({ state: "booked", menteeId: me.id });
    expect((await slotAt(5, "10:00")).state).toBe("open");
    // A confirmation naming a booking that is not there is stale too.
    expect(
      (await trpcOutcome(api.scheduling.addTimeOff.mutate({ firstDay: day, lastDay: day, confirmedBookingIds: [slot.id] }))).status,
    ).toBe(409);
    // Confirmed with the fresh list (slot ids are accepted too), it goes through.
    expect(
      await api.scheduling.addTimeOff.mutate({ firstDay: day, lastDay: dayIn(now, 6, Z), confirmedBookingIds: [slot.id] }),
    ).toMatchObject({ cancelled: 1, removed: 5 });
  });

  it("removing time off generates its weekly-hours slots again; only the owner can remove it", async () => {
    const now = minute();
    const { api, m, slotAt } = await mentorWithHours(now);
    const count = (await generatedSlots(m.id)).length;
    const first = dayIn(now, 8, Z);
    const last = dayIn(now, 10, Z);
    const { timeOff: period, removed } = await api.scheduling.addTimeOff.mutate({
      firstDay: first,
      lastDay: last,
      confirmedBookingIds: [],
    });
    expect(removed).toBe(9);
    expect(await generatedSlots(m.id)).toHaveLength(count - 9);
    expect(await slotAt(9, "11:00")).toBeUndefined();

    const other = await mentor();
    expect(await trpcOutcome(trpcAt(other.token, now).scheduling.removeTimeOff.mutate({ timeOffId: period.id }))).toMatchObject({
      status: 404,
    });
    expect(await trpcAt(other.token, now).scheduling.timeOff.query()).toEqual([]);
    const me = await mentee();
    expect((await trpcOutcome(trpcAt(me.token, now).scheduling.removeTimeOff.mutate({ timeOffId: period.id }))).status).toBe(403);
    expect((await trpcOutcome(trpcAt(me.token, now).scheduling.previewTimeOff.query({ firstDay: first, lastDay: last }))).status).toBe(403);

    expect(await api.scheduling.removeTimeOff.mutate({ timeOffId: period.id })).toEqual({ added: 9 });
    expect(await generatedSlots(m.id)).toHaveLength(count);
    expect((await slotAt(9, "11:00")).state).toBe("open");
    expect(await testDb().select().from(timeOff).where(eq(timeOff.mentorId, m.id))).toEqual([]);
    expect(await trpcOutcome(api.scheduling.removeTimeOff.mutate({ timeOffId: period.id }))).toMatchObject({ status: 404 });
  });

  it("refuses periods that cannot be: in the past, the wrong way round, longer than a year, not a date (400, never 500)", async () => {
    const now = minute();
    const m = await mentor();
    const api = trpcAt(m.token, now);
    const past = await trpcOutcome(api.scheduling.previewTimeOff.query({ firstDay: dayIn(now, -3, Z), lastDay: dayIn(now, -1, Z) }));
    expect(past.status).toBe(400);
    expect(past.message).toMatch(/already passed/);
    expect(
      (
        await trpcOutcome(
          api.scheduling.addTimeOff.mutate({ firstDay: dayIn(now, -3, Z), lastDay: dayIn(now, -1, Z), confirmedBookingIds: [] }),
        )
      ).status,
    ).toBe(400);
    const reversed = await trpcOutcome(api.scheduling.previewTimeOff.query({ firstDay: dayIn(now, 5, Z), lastDay: dayIn(now, 4, Z) }));
    expect(reversed).toMatchObject({ status: 400 });
    expect(reversed.message).toMatch(/on or after the first day/);
    expect(
      (await trpcOutcome(api.scheduling.previewTimeOff.query({ firstDay: dayIn(now, 1, Z), lastDay: dayIn(now, 400, Z) }))).status,
    ).toBe(400);
    expect((await trpcOutcome(api.scheduling.previewTimeOff.query({ firstDay: "2027-02-30", lastDay: "2027-03-01" }))).status).toBe(400);
    expect(
      (await trpcOutcome(api.scheduling.addTimeOff.mutate({ firstDay: "soon", lastDay: "later", confirmedBookingIds: [] }))).status,
    ).toBe(400);
    // A period that started yesterday and runs on is fine (today is inside it).
    expect(await api.scheduling.previewTimeOff.query({ firstDay: dayIn(now, -1, Z), lastDay: dayIn(now, 1, Z) })).toEqual({
      bookings: [],
      openSlots: 0,
    });
  });
});
