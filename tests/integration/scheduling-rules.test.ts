import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";
import { trpcAt, wallTime } from "../support/availability";
import { book, HOUR, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";

/**
 * The mentor's booking rules (ADR 0023) over HTTP: the notice's refusal through REST, and the races the rules must
 * survive inside the booking statement. The buffer, the daily cap and saving the rules are checked at their edges in
 * the domain tier (tests/domain/scheduling-rules.test.ts).
 */

const Z = "Asia/Kolkata";
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
    expect(await api.scheduling.availability.query()).toMatchObject({
      noticeMinutes: 720,
      bufferMinutes: 0,
      dailyCap: null,
      weeklyHours: [],
      timeZone: Z,
    });
    const soon = await publishOne(m.token, new Date(now.getTime() + 11 * HOUR), now);
    const later = await publishOne(m.token, new Date(now.getTime() + 13 * HOUR), now);
    const refused = await book(me.token, soon, now);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "This mentor takes bookings at least 12 hours ahead. Choose a later time." },
    });
    expect((await slotRow(soon)).state).toBe("open");
    expect((await book(me.token, later, now)).status).toBe(201);

    expect(await api.scheduling.setBookingRules.mutate({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: null })).toMatchObject({
      noticeMinutes: 0,
      weeklyHours: [],
      timeZone: Z,
      horizonWeeks: 8,
    });
    expect((await book(me.token, soon, now)).status).toBe(201);

    const far = await publishOne(m.token, new Date(now.getTime() + 30 * HOUR), now);
    await api.scheduling.setBookingRules.mutate({ noticeMinutes: 48 * 60, bufferMinutes: 0, dailyCap: null });
    expect(await book(me.token, far, now)).toMatchObject({
      status: 409,
      body: { message: "This mentor takes bookings at least 48 hours ahead. Choose a later time." },
    });
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

describe("saving rules over HTTP", () => {
  // Which values and which callers saving accepts is in tests/domain/scheduling-rules.test.ts.
  it("refuses a call without a token (401)", async () => {
    const anonymous = await fetch(`${baseUrl()}/trpc/scheduling.availability`);
    expect(anonymous.status).toBe(401);
  });
});
