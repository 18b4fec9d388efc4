import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentorAvailability } from "../../db/schema";
import { expandWeeklyHours } from "../../shared/weekly-hours";
import { formatTime } from "../../shared/zoned-time";
import { testDb } from "../support/accounts";
import { baseUrl, trpcOutcome } from "../support/api";
import { generatedSlots, liveSlots, trpcAt, wallTime, weekdayIn } from "../support/availability";
import { book, call, DAY, HOUR, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";

/** Weekly hours (ADR 0023) through the built Worker: generated slots, editing them, manual slots, the cron's rolling horizon. */

const Z = "Asia/Kolkata";
const HORIZON = 56 * DAY;
const minute = (at = Date.now()) => new Date(Math.floor(at / 60_000) * 60_000);
const expected = (hours: { day: number; start: string; end: string }[], now: Date, until = now.getTime() + HORIZON) =>
  expandWeeklyHours(hours, Z, now.getTime() + 1, until);
const starts = (rows: { startAt: Date }[]) => rows.map((r) => r.startAt.getTime());

async function cron(now: Date) {
  const response = await fetch(`${baseUrl()}/dev/cron/extendWeeklyHours?now=${now.toISOString()}`, { method: "POST" });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("weekly hours generate slots", () => {
  it("shows the defaults, then generates 8 weeks of one-hour slots in the mentor's zone; a mentee books one over REST", async () => {
    const now = minute();
    const m = await mentor();
    const api = trpcAt(m.token, now);
    expect(await api.scheduling.availability.query()).toEqual({
      weeklyHours: [],
      timeZone: Z,
      noticeMinutes: 720,
      bufferMinutes: 0,
      dailyCap: null,
      horizonWeeks: 8,
    });

    const hours = [
      { day: weekdayIn(now, 4, Z), start: "10:00", end: "11:00" },
      { day: weekdayIn(now, 2, Z), start: "18:00", end: "20:00" },
    ];
    const want = expected(hours, now);
    expect(want.length).toBeGreaterThanOrEqual(22);
    const saved = await api.scheduling.setWeeklyHours.mutate({ weeklyHours: hours });
    expect(saved).toMatchObject({ added: want.length, removed: 0 });
    expect(saved.availability).toEqual({
      weeklyHours: [...hours].sort((a, b) => a.day - b.day),
      timeZone: Z,
      noticeMinutes: 720,
      bufferMinutes: 0,
      dailyCap: null,
      horizonWeeks: 8,
    });
    expect(await api.scheduling.availability.query()).toEqual(saved.availability);

    const rows = await generatedSlots(m.id);
    expect(starts(rows)).toEqual(want);
    expect(rows.every((r) => r.endAt.getTime() - r.startAt.getTime() === HOUR && r.source === "hours")).toBe(true);
    expect(new Set(rows.map((r) => formatTime(r.startAt, Z)))).toEqual(new Set(["10:00 am", "6:00 pm", "7:00 pm"]));
    const [row] = await testDb().select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, m.id));
    expect(row.generatedUntil?.getTime()).toBe(now.getTime() + HORIZON);

    // The mentor's own calendar lists them, and a subscribed mentee books one through SPEC §7.
    expect((await api.scheduling.mySlots.query()).filter((s) => s.source === "hours")).toHaveLength(want.length);
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    const list = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: me.token, now });
    expect(list.status).toBe(200);
    expect(list.body.timeSlots.map((s: { _id: string }) => s._id)).toContain(rows[0].id);
    const booked = await book(me.token, rows[0].id, now);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.bookedSlot).toMatchObject({ _id: rows[0].id, menteeId: me.id });
  });

  it("editing the hours removes future open generated slots only: booked and manual slots stay, slots the new hours still give keep their ids", async () => {
    const now = minute();
    const m = await mentor();
    const api = trpcAt(m.token, now);
    const tue = weekdayIn(now, 2, Z);
    const thu = weekdayIn(now, 4, Z);
    const sat = weekdayIn(now, 5, Z);
    const first = [
      { day: tue, start: "18:00", end: "20:00" },
      { day: thu, start: "18:00", end: "19:00" },
    ];
    await api.scheduling.setWeeklyHours.mutate({ weeklyHours: first });
    const before = await generatedSlots(m.id);
    const at1900 = before.find((r) => r.startAt.getTime() === wallTime(now, 2, "19:00", Z).getTime())!;
    const me = await mentee();
    await subscribe(me.id, m.id, now);
    expect((await book(me.token, at1900.id, now)).status).toBe(201);
    const manual = await publishOne(m.token, wallTime(now, 3, "12:00", Z), now);

    const second = [
      { day: tue, start: "18:00", end: "19:00" },
      { day: sat, start: "10:00", end: "11:00" },
    ];
    const kept = before.filter((r) => expected(second, now).includes(r.startAt.getTime()));
    const edited = await api.scheduling.setWeeklyHours.mutate({ weeklyHours: second });
    expect(edited.removed).toBe(before.length - kept.length - 1);
    expect(edited.added).toBe(expected(second, now).length - kept.length);
    const after = await generatedSlots(m.id);
    expect(starts(after)).toEqual(expected(second, now));
    expect(after.filter((r) => kept.some((k) => k.id === r.id))).toHaveLength(kept.length);
    expect(await slotRow(at1900.id)).toMatchObject({ state: "booked", menteeId: me.id });
    expect(await slotRow(manual)).toMatchObject({ state: "open", source: "manual" });

    // No hours at all: every future open generated slot goes; the booking and the manual slot stay.
    const cleared = await api.scheduling.setWeeklyHours.mutate({ weeklyHours: [] });
    expect(cleared).toMatchObject({ added: 0, removed: after.length, availability: { weeklyHours: [] } });
    expect((await liveSlots(m.id)).map((r) => r.id).sort()).toEqual([at1900.id, manual].sort());
  });

  it("never generates a slot overlapping a manual one", async () => {
    const now = minute();
    const m = await mentor();
    const tue = weekdayIn(now, 2, Z);
    const manual = await publishOne(m.token, wallTime(now, 2, "18:30", Z), now);
    const hours = [{ day: tue, start: "18:00", end: "21:00" }];
    const saved = await trpcAt(m.token, now).scheduling.setWeeklyHours.mutate({ weeklyHours: hours });
    // 18:00 and 19:00 of the first Tuesday overlap the manual 18:30; 20:00 is generated.
    expect(saved.added).toBe(expected(hours, now).length - 2);
    const live = await liveSlots(m.id);
    expect(live.find((r) => r.id === manual)?.source).toBe("manual");
    expect(live.slice(1).every((r, i) => r.startAt.getTime() >= live[i].endAt.getTime())).toBe(true);
    expect(live.some((r) => r.startAt.getTime() === wallTime(now, 2, "20:00", Z).getTime())).toBe(true);
  });

  it("refuses hours that cannot work with a message, and lets only mentors set them", async () => {
    const m = await mentor();
    const short = await trpcOutcome(
      trpcAt(m.token).scheduling.setWeeklyHours.mutate({ weeklyHours: [{ day: 2, start: "18:00", end: "18:30" }] }),
    );
    expect(short.status).toBe(400);
    expect(short.message).toMatch(/at least an hour long/);
    const overlap = await trpcOutcome(
      trpcAt(m.token).scheduling.setWeeklyHours.mutate({
        weeklyHours: [
          { day: 1, start: "09:00", end: "12:00" },
          { day: 1, start: "11:00", end: "13:00" },
        ],
      }),
    );
    expect(overlap).toMatchObject({ status: 400 });
    expect(overlap.message).toMatch(/overlap/);
    expect(
      (await trpcOutcome(trpcAt(m.token).scheduling.setWeeklyHours.mutate({ weeklyHours: [{ day: 9, start: "09:00", end: "12:00" }] })))
        .status,
    ).toBe(400);
    const me = await mentee();
    expect((await trpcOutcome(trpcAt(me.token).scheduling.setWeeklyHours.mutate({ weeklyHours: [] }))).status).toBe(403);
    expect((await trpcOutcome(trpcAt(me.token).scheduling.availability.query())).status).toBe(403);
    expect(await generatedSlots(m.id)).toHaveLength(0);
  });
});

describe("the cron keeps the horizon rolling", () => {
  it("generates only the missing days, is idempotent, is safe when two runs overlap, and does not bring back a slot the mentor deleted", async () => {
    const now = minute();
    const m = await mentor();
    const hours = [{ day: weekdayIn(now, 2, Z), start: "18:00", end: "19:00" }];
    await trpcAt(m.token, now).scheduling.setWeeklyHours.mutate({ weeklyHours: hours });
    expect(starts(await generatedSlots(m.id))).toEqual(expected(hours, now));

    // A week later: one more week of slots; the mark moves to 8 weeks after that run.
    const week = new Date(now.getTime() + 7 * DAY);
    const run = await cron(week);
    expect(run.status).toBe(200);
    expect(run.body.extendWeeklyHours).toMatchObject({ added: expect.any(Number) });
    expect(starts(await generatedSlots(m.id))).toEqual(expected(hours, now, week.getTime() + HORIZON));
    const [mark] = await testDb().select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, m.id));
    expect(mark.generatedUntil?.getTime()).toBe(week.getTime() + HORIZON);
    // The same run again adds nothing.
    await cron(week);
    expect(starts(await generatedSlots(m.id))).toEqual(expected(hours, now, week.getTime() + HORIZON));

    // The mentor deletes the last generated slot by hand: no later run brings it back.
    const last = (await generatedSlots(m.id)).at(-1)!;
    expect((await trpcAt(m.token, now).scheduling.deleteSlot.mutate({ slotId: last.id })).cancelledBooking).toBe(false);

    // Two runs at once, two weeks on: each slot exactly once.
    const fortnight = new Date(now.getTime() + 14 * DAY);
    const both = await Promise.all([cron(fortnight), cron(fortnight)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const want = expected(hours, now, fortnight.getTime() + HORIZON).filter((s) => s !== last.startAt.getTime());
    const live = await liveSlots(m.id);
    expect(starts(live)).toEqual(want);
  });
});
