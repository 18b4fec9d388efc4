import { describe, expect, it } from "vitest";
import { wallTime } from "../support/availability";
import { type Account, callerAt, domainMentee, domainMentor, domainSubscribe, outcome, useDomainDb } from "../support/domain";

/**
 * The mentor's booking rules (ADR 0023): buffer and daily cap at their edges, and what saving them accepts, called in
 * Node on a database of this file's own. The minimum notice through REST (its 409 and message), an anonymous call
 * over HTTP, and races between bookings stay in tests/integration/scheduling-rules.test.ts.
 */
useDomainDb();

const Z = "Asia/Kolkata";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const hourAligned = (at = Date.now()) => new Date(Math.floor(at / HOUR) * HOUR);

async function publishOne(mentor: Account, start: Date, now: Date): Promise<string> {
  const [slot] = await callerAt(mentor, now).scheduling.publish({ slotDetails: { start: start.toISOString() } } as never);
  return slot.id;
}

const book = (mentee: Account, slotId: string, now: Date) => outcome(callerAt(mentee, now).scheduling.book({ slotId }));

async function pair(now: Date) {
  const m = await domainMentor();
  const me = await domainMentee();
  await domainSubscribe(me.id, m.id, now);
  return { m, me, api: callerAt(m, now) };
}

describe("buffer", () => {
  it("keeps the buffer free around a booked session; a slot exactly the buffer away is fine", async () => {
    const now = hourAligned();
    const { m, me, api } = await pair(now);
    await api.scheduling.setBookingRules({ noticeMinutes: 0, bufferMinutes: 30, dailyCap: null });
    const t = now.getTime() + 20 * HOUR;
    const first = await publishOne(m, new Date(t), now);
    const adjacent = await publishOne(m, new Date(t - HOUR), now);
    const half = await publishOne(m, new Date(t + 90 * MINUTE), now);
    expect((await book(me, first, now)).status).toBe(200);
    const other = await domainMentee();
    await domainSubscribe(other.id, m.id, now);
    expect(await book(other, adjacent, now)).toMatchObject({
      status: 409,
      message: "This mentor keeps 30 minutes free between sessions. Choose another time.",
    });
    expect((await book(other, half, now)).status).toBe(200);
  });
});

describe("daily cap", () => {
  it("counts sessions per day of the mentor's zone, not per UTC day", async () => {
    const now = hourAligned();
    const { m, me, api } = await pair(now);
    await api.scheduling.setBookingRules({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: 1 });
    // 01:00 and 23:00 in Kolkata on day 3 are on two UTC days; 00:30 on day 4 is on the UTC day of 23:00.
    const early = await publishOne(m, wallTime(now, 3, "01:00", Z), now);
    const late = await publishOne(m, wallTime(now, 3, "23:00", Z), now);
    const next = await publishOne(m, wallTime(now, 4, "00:30", Z), now);
    expect((await book(me, early, now)).status).toBe(200);
    const capped = await book(me, late, now);
    expect(capped.status).toBe(409);
    expect(capped.message).toMatch(/^This mentor takes at most 1 session on .+\. Choose another day\.$/);
    expect((await book(me, next, now)).status).toBe(200);
  });
});

describe("saving rules", () => {
  it("refuses values out of range (400) and anyone but a mentor (403); a mentor's rules are his own", async () => {
    const now = hourAligned();
    const { me, api } = await pair(now);
    for (const bad of [
      { noticeMinutes: -1, bufferMinutes: 0, dailyCap: null },
      { noticeMinutes: 30 * 24 * 60 + 1, bufferMinutes: 0, dailyCap: null },
      { noticeMinutes: 0, bufferMinutes: 241, dailyCap: null },
      { noticeMinutes: 0, bufferMinutes: 0, dailyCap: 0 },
      { noticeMinutes: 0, bufferMinutes: 0, dailyCap: 25 },
      { noticeMinutes: 1.5, bufferMinutes: 0, dailyCap: null },
    ]) {
      expect((await outcome(api.scheduling.setBookingRules(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await outcome(callerAt(me, now).scheduling.setBookingRules({ noticeMinutes: 0, bufferMinutes: 0, dailyCap: null }))).status,
    ).toBe(403);
    // Saving twice updates the one row; another mentor still has the defaults.
    await api.scheduling.setBookingRules({ noticeMinutes: 60, bufferMinutes: 15, dailyCap: 3 });
    expect(await api.scheduling.setBookingRules({ noticeMinutes: 120, bufferMinutes: 15, dailyCap: null })).toMatchObject({
      noticeMinutes: 120,
      bufferMinutes: 15,
      dailyCap: null,
    });
    const other = await domainMentor();
    expect(await callerAt(other, now).scheduling.availability()).toMatchObject({ noticeMinutes: 720, bufferMinutes: 0, dailyCap: null });
  });
});
