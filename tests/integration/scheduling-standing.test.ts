import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, timeSlots } from "../../db/schema";
import { formatTime, zonedInstant } from "../../shared/zoned-time";
import { testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { DAY, mentee, mentor, publishOne, slotRow } from "../support/scheduling";
import { trpcAt } from "../support/waitlist";

/** A standing session, "the same time every week for the rest of her period", within her quota, all-or-nothing per week. */

/** An active subscription whose current period runs from `start` for `days` days. */
async function subscribeFor(menteeId: string, mentorId: string, start: Date, days: number) {
  await testDb()
    .insert(enrollments)
    .values({
      menteeId,
      mentorId,
      status: "active",
      amountPaise: 600_000,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + days * DAY),
      activatedAt: start,
    });
}

/** The mentor's 18:00 (his zone) on the `count` Tuesdays from 8 July 2025. */
const tuesdays = (count: number, zone: string) =>
  Array.from({ length: count }, (_, i) => zonedInstant(new Date(Date.UTC(2025, 6, 8 + 7 * i)).toISOString().slice(0, 10), "18:00", zone));

describe("standing sessions", () => {
  it("books the remaining weeks within the quota: 7 weeks, one without a slot, 4 calls -> 4 booked, the week without a slot and the rest listed as skipped", async () => {
    const now = new Date("2025-07-07T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribeFor(me.id, m.id, now, 45);
    const starts = tuesdays(7, "Asia/Kolkata");
    const ids = new Map<number, string>();
    for (const [i, start] of starts.entries()) if (i !== 3) ids.set(i, await publishOne(m.token, start, now));
    const api = trpcAt(me.token, now);

    const preview = await api.scheduling.previewStanding.query({ slotId: ids.get(0)! });
    expect(preview.weeks.map((w) => w.start)).toEqual(starts.map((s) => s.toISOString()));
    expect(preview.weeks.map((w) => (w.bookable ? "book" : w.reason))).toEqual([
      "book",
      "book",
      "book",
      "The mentor has no slot at this time that week.",
      "book",
      "All 4 calls of this period used.",
      "All 4 calls of this period used.",
    ]);
    expect(preview.weeks[3]).toMatchObject({ slotId: null, bookable: false });
    // A preview books nothing.
    expect((await slotRow(ids.get(0)!)).state).toBe("open");

    const result = await api.scheduling.bookStanding.mutate({ slotId: ids.get(0)!, agenda: "Weekly check-in" });
    expect(result.booked.map((s) => s.id)).toEqual([0, 1, 2, 4].map((i) => ids.get(i)));
    expect(result.booked.every((s) => s.agenda === "Weekly check-in" && s.type === "session")).toBe(true);
    expect(result.skipped).toEqual([
      { start: starts[3]!.toISOString(), reason: "The mentor has no slot at this time that week." },
      { start: starts[5]!.toISOString(), reason: "All 4 calls of this period used." },
      { start: starts[6]!.toISOString(), reason: "All 4 calls of this period used." },
    ]);
    const mine = await testDb()
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.menteeId, me.id), eq(timeSlots.state, "booked")));
    expect(mine).toHaveLength(4);
    expect(await api.scheduling.mentorSchedule.query({ mentorId: m.id })).toMatchObject({ callsLeft: 0 });
    // Again: every week is hers already or beyond her calls; nothing more is booked.
    const again = await api.scheduling.bookStanding.mutate({ slotId: ids.get(0)! });
    expect(again.booked).toEqual([]);
    expect(again.skipped.map((s) => s.reason)).toContain("You have already booked this time.");
  });

  it("keeps the mentor's wall time across a DST change (09:00 London across the UK change of October 2025)", async () => {
    const now = new Date("2025-10-13T00:00:00Z");
    const m = await mentor({ timeZone: "Europe/London" });
    const me = await mentee();
    await subscribeFor(me.id, m.id, now, 30);
    const starts = ["2025-10-14", "2025-10-21", "2025-10-28", "2025-11-04"].map((d) => zonedInstant(d, "09:00", "Europe/London"));
    const ids = [];
    for (const start of starts) ids.push(await publishOne(m.token, start, now));
    const result = await trpcAt(me.token, now).scheduling.bookStanding.mutate({ slotId: ids[0]! });
    expect(result.booked.map((s) => s.id)).toEqual(ids);
    expect(result.booked.map((s) => formatTime(s.start, "Europe/London"))).toEqual(["9:00 am", "9:00 am", "9:00 am", "9:00 am"]);
    expect(result.booked[2]!.start).toBe("2025-10-28T09:00:00.000Z");
  });

  it("needs an active subscription (sessions only) and an existing slot", async () => {
    const now = new Date("2025-07-14T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    const slotId = await publishOne(m.token, new Date(now.getTime() + 2 * DAY), now);
    const api = trpcAt(me.token, now);
    expect(await trpcOutcome(api.scheduling.bookStanding.mutate({ slotId }))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(api.scheduling.previewStanding.query({ slotId }))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(api.scheduling.bookStanding.mutate({ slotId: "no-such-slot" }))).toMatchObject({ status: 404 });
    expect(await trpcOutcome(api.scheduling.bookStanding.mutate({ slotId, agenda: "y".repeat(501) }))).toMatchObject({ status: 400 });
    expect((await slotRow(slotId)).state).toBe("open");
  });

  it("two mentees asking for the same weekly time at once: each week is booked by exactly one of them", async () => {
    const now = new Date("2025-07-21T00:00:00Z");
    const m = await mentor();
    const a = await mentee();
    const b = await mentee();
    // Their period ends 15 August: four Tuesdays.
    await subscribeFor(a.id, m.id, now, 25);
    await subscribeFor(b.id, m.id, now, 25);
    const starts = [0, 1, 2, 3].map((i) => new Date(zonedInstant("2025-07-22", "18:00", "Asia/Kolkata").getTime() + i * 7 * DAY));
    const ids: string[] = [];
    for (const start of starts) ids.push(await publishOne(m.token, start, now));
    const [ra, rb] = await Promise.all([a, b].map((p) => trpcAt(p.token, now).scheduling.bookStanding.mutate({ slotId: ids[0]! })));
    const bookedA = ra!.booked.map((s) => s.id);
    const bookedB = rb!.booked.map((s) => s.id);
    expect([...bookedA, ...bookedB].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const row = await slotRow(id);
      expect(row.state).toBe("booked");
      expect(row.menteeId).toBe(bookedA.includes(id) ? a.id : b.id);
    }
    expect(ra!.skipped.length + rb!.skipped.length).toBe(ids.length);
    expect([...ra!.skipped, ...rb!.skipped].every((s) => s.reason === "This time is already taken.")).toBe(true);
  });
});
