import { describe, expect, it } from "vitest";
import { baseUrl, trpcOutcome } from "../support/api";
import { trpcAt, wallTime } from "../support/availability";
import { HOUR, book, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";

/** The mentor's booking rules (ADR 0023) inside the booking statement: notice, buffer, daily cap, and the races they must survive. */

const Z = "Asia/Kolkata";
const MINUTE = 60_000;
const hourAligned = (at = Date.now()) => new Date(Math.floor(at / HOUR) * HOUR);

async function pair(now: Date) {
  const m = await mentor();
  const me = await mentee();
  await subscribe(me.id, m.id, now);
  return { m, me, api: trpcAt(m.token, now) };
}

describe("minimum notice", () => {
  it("defaults to 12 hours for a mentor who never saved rules; the refusal says so (409); the mentor's own notice replaces it", async () => {
    const now = hourAligned();
    const { m, me, api } = await pair(now);
    expect(await api.scheduling.availability.query()).toMatchObject({ noticeMinutes: 720, bufferMinutes: 0, dailyCap: null, weeklyHours: [], timeZone: Z });
    const soon = await publishOne(m.token, new Date(now.getTime() + 11 * HOUR), now);
    const later = await publishOne(m.token, new Date(now.getTime() + 13 * HOUR), now);
    const refused = await book(me.token, soon, now);
    expect(refused).toMatchObject({ status: 409, body: { message: "This mentor takes bookings at least 12 hours ahead. Choose a later time." } });
    expect((await slotRow(soon)).state).toBe("open");
    expect((await book(me.token, later, now)).status).toBe(201);

    expect(await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: null })).toMatchObject({ noticeMinutes: 0, weeklyHours: [], timeZone: Z, horizonWeeks: 8 });
    expect((await book(me.token, soon, now)).status).toBe(201);

    const far = await publishOne(m.token, new Date(now.getTime() + 30 * HOUR), now);
    await api.scheduling.setBookingRules.mutate({ noticeMinutes: 48 * 60, bufferMinutes: 0, dailyCap: null });
    expect(await book(me.token, far, now)).toMatchObject({ status: 409, body: { message: "This mentor takes bookings at least 48 hours ahead. Choose a later time." } });
  });
});

describe("buffer", () => {
  it("keeps the buffer free around a booked session; a slot exactly the buffer away is fine", async () => {
    const now = hourAligned();
    const { m, me, api } = await pair(now);
    await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 30, dailyCap: null });
    const t = now.getTime() + 20 * HOUR;
    const first = await publishOne(m.token, new Date(t), now);
    const adjacent = await publishOne(m.token, new Date(t - HOUR), now);
    const half = await publishOne(m.token, new Date(t + 90 * MINUTE), now);
    expect((await book(me.token, first, now)).status).toBe(201);
    const other = await mentee();
    await subscribe(other.id, m.id, now);
    expect(await book(other.token, adjacent, now)).toMatchObject({ status: 409, body: { message: "This mentor keeps 30 minutes free between sessions. Choose another time." } });
    expect((await book(other.token, half, now)).status).toBe(201);
  });
});

describe("daily cap", () => {
  it("counts sessions per day of the mentor's zone, not per UTC day", async () => {
    const now = hourAligned();
    const { m, me, api } = await pair(now);
    await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: 1 });
    // 01:00 and 23:00 in Kolkata on day 3 are on two UTC days; 00:30 on day 4 is on the UTC day of 23:00.
    const early = await publishOne(m.token, wallTime(now, 3, "01:00", Z), now);
    const late = await publishOne(m.token, wallTime(now, 3, "23:00", Z), now);
    const next = await publishOne(m.token, wallTime(now, 4, "00:30", Z), now);
    expect((await book(me.token, early, now)).status).toBe(201);
    const capped = await book(me.token, late, now);
    expect(capped.status).toBe(409);
    expect(capped.body.message).toMatch(/^This mentor takes at most 1 session on .+\. Choose another day\.$/);
    expect((await book(me.token, next, now)).status).toBe(201);
  });
});

describe("races the rules must survive", () => {
  it("two mentees booking two different slots of one day at once with a cap of 1: exactly one is booked", async () => {
    const now = hourAligned();
    for (let round = 0; round < 4; round++) {
      const { m, me, api } = await pair(now);
      const other = await mentee();
      await subscribe(other.id, m.id, now);
      await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: 1 });
      const a = await publishOne(m.token, wallTime(now, 2, "10:00", Z), now);
      const b = await publishOne(m.token, wallTime(now, 2, "15:00", Z), now);
      const results = await Promise.all([book(me.token, a, now), book(other.token, b, now)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.message).toMatch(/at most 1 session/);
      const states = [(await slotRow(a)).state, (await slotRow(b)).state].sort();
      expect(states).toEqual(["booked", "open"]);
    }
  });

  it("two mentees booking adjacent slots at once with a 30-minute buffer: exactly one is booked", async () => {
    const now = hourAligned();
    for (let round = 0; round < 4; round++) {
      const { m, me, api } = await pair(now);
      const other = await mentee();
      await subscribe(other.id, m.id, now);
      await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 30, dailyCap: null });
      const t = now.getTime() + 30 * HOUR;
      const a = await publishOne(m.token, new Date(t), now);
      const b = await publishOne(m.token, new Date(t + HOUR), now);
      const results = await Promise.all([book(me.token, a, now), book(other.token, b, now)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.message).toMatch(/30 minutes free between sessions/);
    }
  });
});

describe("saving rules", () => {
  it("refuses values out of range (400) and anyone but a mentor (401/403); a mentor's rules are his own", async () => {
    const now = hourAligned();
    const { m, me } = await pair(now);
    const api = trpcAt(m.token, now);
    for (const bad of [
      { noticeMinutes: -1, bufferMinutes: 0, dailyCap: null },
      { noticeMinutes: 30 * 24 * 60 + 1, bufferMinutes: 0, dailyCap: null },
      { noticeMinutes: 0, bufferMinutes: 241, dailyCap: null },
      { noticeMinutes: 0, bufferMinutes: 0, dailyCap: 0 },
      { noticeMinutes: 0, bufferMinutes: 0, dailyCap: 25 },
      { noticeMinutes: 1.5, bufferMinutes: 0, dailyCap: null },
    ]) {
      expect((await trpcOutcome(api.scheduling.setBookingRules.mutate(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await trpcOutcome(trpcAt(me.token, now).scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: null }))).status).toBe(403);
    const anonymous = await fetch(`${baseUrl()}/trpc/scheduling.availability`);
    expect(anonymous.status).toBe(401);
    // Saving twice updates the one row; another mentor still has the defaults.
    await api.scheduling.setBookingRules.mutate({ noticeMinutes: 60, bufferMinutes: 15, dailyCap: 3 });
    expect(await api.scheduling.setBookingRules.mutate({ noticeMinutes: 120, bufferMinutes: 15, dailyCap: null })).toMatchObject({ noticeMinutes: 120, bufferMinutes: 15, dailyCap: null });
    const other = await mentor();
    expect(await trpcAt(other.token, now).scheduling.availability.query()).toMatchObject({ noticeMinutes: 720, bufferMinutes: 0, dailyCap: null });
  });
});
