import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { trpcAt } from "../support/availability";
import { insertEarning, insertPayout } from "../support/earnings";
import { createModerator } from "../support/moderation";

/**
 * Mentors' payouts (ADR 0024), the read side: a mentor's Earnings (months in his zone, lines with their status, totals,
 * payouts), the moderator's fee revenue per day and a mentee's payments, each only for its role.
 */

const DAY = 24 * 60 * 60 * 1000;
/** Mid-March 2026: the 12 months shown are April 2025 to March 2026. */
const NOW = new Date("2026-03-15T12:00:00Z");

async function mentorWithToken(timeZone: string | null = "Asia/Kolkata") {
  const mentor = await createMentor({ timeZone });
  return { mentor, token: await accessTokenFor("mentor", mentor.id) };
}

describe("payouts.earnings", () => {
  it("groups payments into months of the mentor's zone, with their lines, statuses and totals", async () => {
    const { mentor, token } = await mentorWithToken("Asia/Kolkata");
    const [priya, rahul] = await Promise.all([
      createMentee({ firstName: "Priya", lastName: "Earner" }),
      createMentee({ firstName: "Rahul", lastName: "Payer" }),
    ]);
    // 19:00 UTC on February 28th is 00:30 on March 1st in India.
    const edge = await insertEarning(mentor.id, priya.id, {
      paidAt: new Date("2026-02-28T19:00:00Z"),
      periodStart: new Date("2026-02-28T19:00:00Z"),
      periodEnd: new Date("2026-03-28T19:00:00Z"),
    });
    const transferred = await insertEarning(mentor.id, rahul.id, { paidAt: new Date("2026-03-10T10:00:00Z") });
    const held = await insertEarning(mentor.id, priya.id, { paidAt: new Date("2026-03-12T10:00:00Z"), route: "held", grossPaise: 500_000 });
    const partly = await insertEarning(mentor.id, rahul.id, {
      paidAt: new Date("2026-03-13T10:00:00Z"),
      refundedPaise: 400_000,
      reversedPaise: 320_000,
      feeRefundedPaise: 80_000,
    });
    const refunded = await insertEarning(mentor.id, priya.id, {
      paidAt: new Date("2026-01-05T10:00:00Z"),
      refundedPaise: 800_000,
      reversedPaise: 640_000,
      feeRefundedPaise: 160_000,
    });
    const disputed = await insertEarning(mentor.id, rahul.id, {
      paidAt: new Date("2026-02-10T10:00:00Z"),
      disputeId: "dp_t_1",
      disputeStatus: "needs_response",
    });
    const won = await insertEarning(mentor.id, rahul.id, {
      paidAt: new Date("2026-02-11T10:00:00Z"),
      disputeId: "dp_t_2",
      disputeStatus: "won",
    });
    const tooOld = await insertEarning(mentor.id, priya.id, { paidAt: new Date("2025-03-20T10:00:00Z"), grossPaise: 300_000 });

    const view = await trpcAt(token, NOW).payouts.earnings.query({});
    expect(view.feePercent).toBe(20);
    expect(view.months.map((m) => m.month)).toEqual([
      "2026-03",
      "2026-02",
      "2026-01",
      "2025-12",
      "2025-11",
      "2025-10",
      "2025-09",
      "2025-08",
      "2025-07",
      "2025-06",
      "2025-05",
      "2025-04",
    ]);
    // March: the edge payment (March in India), the transferred one, the held ₹5,000 one and the half-refunded one.
    const march = {
      month: "2026-03",
      grossPaise: 800_000 * 3 + 500_000,
      feePaise: 160_000 * 2 + 100_000 + 80_000,
      netPaise: 640_000 * 2 + 400_000 + 320_000,
      refundedPaise: 400_000,
      disputedPaise: 0,
      payments: 4,
    };
    expect(view.months[0]).toEqual(march);
    expect(view.month).toEqual(march);
    expect(view.months[1]).toEqual({
      month: "2026-02",
      grossPaise: 1_600_000,
      feePaise: 320_000,
      netPaise: 1_280_000,
      refundedPaise: 0,
      disputedPaise: 0,
      payments: 2,
    });
    expect(view.months[2]).toEqual({
      month: "2026-01",
      grossPaise: 800_000,
      feePaise: 0,
      netPaise: 0,
      refundedPaise: 800_000,
      disputedPaise: 0,
      payments: 1,
    });
    expect(view.months.slice(3).every((m) => m.payments === 0 && m.grossPaise === 0)).toBe(true);

    expect(view.lines.map((l) => [l.id, l.menteeName, l.status, l.grossPaise, l.feePaise, l.netPaise, l.refundedPaise])).toEqual([
      [partly.id, "Rahul Payer", "partially_refunded", 800_000, 80_000, 320_000, 400_000],
      [held.id, "Priya Earner", "held", 500_000, 100_000, 400_000, 0],
      [transferred.id, "Rahul Payer", "transferred", 800_000, 160_000, 640_000, 0],
      [edge.id, "Priya Earner", "transferred", 800_000, 160_000, 640_000, 0],
    ]);
    expect(view.lines[3]).toMatchObject({
      paidAt: "2026-02-28T19:00:00.000Z",
      periodStart: "2026-02-28T19:00:00.000Z",
      periodEnd: "2026-03-28T19:00:00.000Z",
    });

    const february = await trpcAt(token, NOW).payouts.earnings.query({ month: "2026-02" });
    expect(february.month).toEqual(view.months[1]);
    expect(february.lines.map((l) => [l.id, l.status])).toEqual([
      [won.id, "transferred"],
      [disputed.id, "disputed"],
    ]);
    expect(february.months).toEqual(view.months);
    const january = await trpcAt(token, NOW).payouts.earnings.query({ month: "2026-01" });
    expect(january.lines.map((l) => [l.id, l.status, l.netPaise])).toEqual([[refunded.id, "refunded", 0]]);

    // A month older than the twelve shown can still be asked for.
    const old = await trpcAt(token, NOW).payouts.earnings.query({ month: "2025-03" });
    expect(old.lines.map((l) => l.id)).toEqual([tooOld.id]);
    expect(old.month).toEqual({
      month: "2025-03",
      grossPaise: 300_000,
      feePaise: 60_000,
      netPaise: 240_000,
      refundedPaise: 0,
      disputedPaise: 0,
      payments: 1,
    });
    expect(old.months[0].month).toBe("2026-03");

    // In UTC, the edge payment belongs to February.
    await testDb().update(mentors).set({ timeZone: "UTC" }).where(eq(mentors.id, mentor.id));
    const utc = await trpcAt(token, NOW).payouts.earnings.query({});
    expect(utc.months[0].payments).toBe(3);
    expect(utc.months[1].payments).toBe(3);
    expect(utc.lines.map((l) => l.id)).not.toContain(edge.id);
  });

  it("reads months in India when the mentor has no zone, and 'this month' turns with the mentor's clock", async () => {
    const { mentor, token } = await mentorWithToken(null);
    const mentee = await createMentee();
    // 18:45 UTC on March 31st is April 1st, 00:15 in India.
    const late = await insertEarning(mentor.id, mentee.id, { paidAt: new Date("2026-03-31T18:45:00Z") });
    const before = await trpcAt(token, new Date("2026-03-31T18:00:00Z")).payouts.earnings.query({});
    expect(before.months[0]).toMatchObject({ month: "2026-03", payments: 0 });
    const after = await trpcAt(token, new Date("2026-03-31T19:00:00Z")).payouts.earnings.query({});
    expect(after.months[0]).toMatchObject({ month: "2026-04", payments: 1, grossPaise: 800_000 });
    expect(after.lines.map((l) => l.id)).toEqual([late.id]);
    expect(after.months.at(-1)!.month).toBe("2025-05");
  });

  it("lists upcoming payouts soonest first and past ones newest first (24 at most), with a failure's message", async () => {
    const { mentor, token } = await mentorWithToken();
    const at = (days: number) => new Date(NOW.getTime() + days * DAY);
    const later = await insertPayout(mentor.id, { status: "pending", arrivalDate: at(3), amountPaise: 100_000 });
    const sooner = await insertPayout(mentor.id, { status: "in_transit", arrivalDate: at(1), amountPaise: 200_000 });
    const failed = await insertPayout(mentor.id, {
      status: "failed",
      arrivalDate: at(-2),
      amountPaise: 300_000,
      failureMessage: "The bank account could not be found.",
    });
    const paid = await insertPayout(mentor.id, { status: "paid", arrivalDate: at(-5) });
    const canceled = await insertPayout(mentor.id, { status: "canceled", arrivalDate: at(-9) });
    const view = await trpcAt(token, NOW).payouts.earnings.query({});
    expect(view.upcomingPayouts.map((p) => [p.id, p.status, p.amountPaise])).toEqual([
      [sooner.id, "in_transit", 200_000],
      [later.id, "pending", 100_000],
    ]);
    expect(view.pastPayouts.map((p) => p.id)).toEqual([failed.id, paid.id, canceled.id]);
    expect(view.pastPayouts[0]).toEqual({
      id: failed.id,
      amountPaise: 300_000,
      status: "failed",
      arrivalDate: at(-2).toISOString(),
      failureMessage: "The bank account could not be found.",
    });

    await Promise.all(Array.from({ length: 25 }, (_, i) => insertPayout(mentor.id, { status: "paid", arrivalDate: at(-30 - i) })));
    const many = await trpcAt(token, NOW).payouts.earnings.query({});
    expect(many.pastPayouts).toHaveLength(24);
    expect(many.pastPayouts.slice(0, 3).map((p) => p.id)).toEqual([failed.id, paid.id, canceled.id]);
    expect(many.upcomingPayouts).toHaveLength(2);
  });

  it("shows a mentor only his own payments and payouts, and only to mentors", async () => {
    const [a, b] = await Promise.all([mentorWithToken(), mentorWithToken()]);
    const mentee = await createMentee();
    await insertEarning(a.mentor.id, mentee.id, { paidAt: new Date("2026-03-02T10:00:00Z") });
    await insertPayout(a.mentor.id, { status: "in_transit", arrivalDate: new Date("2026-03-16T00:00:00Z") });
    const other = await trpcAt(b.token, NOW).payouts.earnings.query({});
    expect(other.lines).toEqual([]);
    expect(other.months.every((m) => m.payments === 0)).toBe(true);
    expect(other.upcomingPayouts).toEqual([]);
    expect(other.account.state).toBe("none");
    const own = await trpcAt(a.token, NOW).payouts.earnings.query({});
    expect(own.lines).toHaveLength(1);

    const moderator = await createModerator();
    const menteeToken = await accessTokenFor("mentee", mentee.id);
    expect((await trpcOutcome(trpcAt(menteeToken, NOW).payouts.earnings.query({}))).status).toBe(403);
    expect((await trpcOutcome(trpcAt(moderator.token, NOW).payouts.earnings.query({}))).status).toBe(403);
  });

  it("refuses a month that is not YYYY-MM with a clear 400", async () => {
    const { token } = await mentorWithToken();
    for (const month of ["2026-13", "2026-3", "March", "2026-03-01"]) {
      const outcome = await trpcOutcome(trpcAt(token, NOW).payouts.earnings.query({ month }));
      expect(outcome.status, month).toBe(400);
      expect(outcome.message, month).toContain("2026-11");
    }
  });
});

describe("moderation.feeRevenuePerDay", () => {
  it("sums the fee kept (less fees given back) per day of the moderator's zone over 30 days, days without fees as 0", async () => {
    const moderator = await createModerator();
    // A clock of its own, years ahead, so no other test's payments share these days.
    const now = new Date(Date.UTC(2031, 5, 15 + Math.floor(Math.random() * 200), 12));
    const dayOf = (zone: string, at: Date) => at.toLocaleDateString("en-CA", { timeZone: zone });
    const read = async (timeZone: string) =>
      new Map((await trpcAt(moderator.token, now).moderation.feeRevenuePerDay.query({ timeZone })).map((d) => [d.date, d.feePaise]));
    const before = { utc: await read("UTC"), ist: await read("Asia/Kolkata") };

    const mentor = await createMentor();
    const mentee = await createMentee();
    const lateEvening = new Date(now.getTime() - 6 * DAY + 8 * 60 * 60 * 1000); // 20:00 UTC: the next day in India
    const noon = new Date(now.getTime() - 12 * DAY);
    const tooOld = new Date(now.getTime() - 31 * DAY);
    await insertEarning(mentor.id, mentee.id, {
      paidAt: lateEvening,
      refundedPaise: 400_000,
      reversedPaise: 320_000,
      feeRefundedPaise: 80_000,
    });
    await insertEarning(mentor.id, mentee.id, { paidAt: noon, grossPaise: 500_000 });
    await insertEarning(mentor.id, mentee.id, { paidAt: new Date(noon.getTime() + 60_000), grossPaise: 300_000 });
    await insertEarning(mentor.id, mentee.id, { paidAt: tooOld });

    const series = await trpcAt(moderator.token, now).moderation.feeRevenuePerDay.query({ timeZone: "Asia/Kolkata" });
    expect(series).toHaveLength(30);
    expect(series.at(-1)!.date).toBe(dayOf("Asia/Kolkata", now));
    expect(series.every((d) => Number.isInteger(d.feePaise) && d.feePaise >= 0)).toBe(true);

    const after = { utc: await read("UTC"), ist: await read("Asia/Kolkata") };
    const delta = (zone: "utc" | "ist", day: string) => (after[zone].get(day) ?? 0) - (before[zone].get(day) ?? 0);
    expect(dayOf("Asia/Kolkata", lateEvening)).not.toBe(dayOf("UTC", lateEvening));
    expect(delta("utc", dayOf("UTC", lateEvening))).toBe(80_000);
    expect(delta("ist", dayOf("Asia/Kolkata", lateEvening))).toBe(80_000);
    expect(delta("ist", dayOf("UTC", lateEvening))).toBe(0);
    expect(delta("utc", dayOf("UTC", noon))).toBe(100_000 + 60_000);
    expect(after.utc.has(dayOf("UTC", tooOld))).toBe(false);
    const moved = [...after.utc.keys()].filter((d) => delta("utc", d) !== 0).sort();
    expect(moved).toEqual([dayOf("UTC", noon), dayOf("UTC", lateEvening)].sort());
  });

  it("is for moderators only, and refuses an unknown zone", async () => {
    const [mentor, mentee, moderator] = await Promise.all([createMentor(), createMentee(), createModerator()]);
    for (const token of [await accessTokenFor("mentor", mentor.id), await accessTokenFor("mentee", mentee.id)]) {
      expect((await trpcOutcome(trpcAt(token).moderation.feeRevenuePerDay.query({ timeZone: "UTC" }))).status).toBe(403);
    }
    expect((await trpcOutcome(trpcAt(moderator.token).moderation.feeRevenuePerDay.query({ timeZone: "Mars/Olympus" }))).status).toBe(400);
  });
});

describe("moderation.menteePayments", () => {
  it("lists one mentee's paid invoices, newest first, with the mentor, what was refunded and what is left", async () => {
    const moderator = await createModerator();
    const [mentee, someoneElse] = await Promise.all([createMentee(), createMentee()]);
    const [asha, vikram] = await Promise.all([
      createMentor({ firstName: "Asha", lastName: "Payee" }),
      createMentor({ firstName: "Vikram", lastName: "Payee" }),
    ]);
    const older = await insertEarning(asha.id, mentee.id, {
      paidAt: new Date("2026-01-10T10:00:00Z"),
      refundedPaise: 300_000,
      reversedPaise: 240_000,
      feeRefundedPaise: 60_000,
    });
    const newer = await insertEarning(vikram.id, mentee.id, {
      paidAt: new Date("2026-02-10T10:00:00Z"),
      grossPaise: 500_000,
      route: "held",
    });
    await insertEarning(asha.id, someoneElse.id, { paidAt: new Date("2026-02-11T10:00:00Z") });
    // A dispute her bank won for her reads as lost, as on the mentor's Earnings, not as one still open.
    const mira = await createMentor({ firstName: "Mira", lastName: "Payee" });
    const lost = await insertEarning(mira.id, mentee.id, {
      paidAt: new Date("2026-03-10T10:00:00Z"),
      disputeId: "dp_t_lost",
      disputeStatus: "lost",
    });

    const list = await trpcAt(moderator.token).moderation.menteePayments.query({ menteeId: mentee.id });
    expect(list.menteeName).toBe(`${mentee.firstName} ${mentee.lastName}`);
    expect(list.payments.map((p) => [p.id, p.mentorName, p.grossPaise, p.refundedPaise, p.refundablePaise, p.status])).toEqual([
      [lost.id, "Mira Payee", 800_000, 0, 800_000, "dispute_lost"],
      [newer.id, "Vikram Payee", 500_000, 0, 500_000, "held"],
      [older.id, "Asha Payee", 800_000, 300_000, 500_000, "partially_refunded"],
    ]);
    expect(list.payments[2].paidAt).toBe("2026-01-10T10:00:00.000Z");

    expect((await trpcOutcome(trpcAt(moderator.token).moderation.menteePayments.query({ menteeId: crypto.randomUUID() }))).status).toBe(
      404,
    );
    for (const token of [await accessTokenFor("mentor", asha.id), await accessTokenFor("mentee", mentee.id)]) {
      expect((await trpcOutcome(trpcAt(token).moderation.menteePayments.query({ menteeId: mentee.id }))).status).toBe(403);
    }
  });

  it("refundPayment is for moderators only and asks for a reason and a positive whole amount", async () => {
    const moderator = await createModerator();
    const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
    const row = await insertEarning(mentor.id, mentee.id, { paidAt: new Date("2026-02-10T10:00:00Z") });
    const refund = (token: string, input: { earningId: string; amountPaise?: number; reason: string }) =>
      trpcOutcome(trpcAt(token).moderation.refundPayment.mutate(input));

    expect((await refund(await accessTokenFor("mentor", mentor.id), { earningId: row.id, reason: "Not happy" })).status).toBe(403);
    const noReason = await refund(moderator.token, { earningId: row.id, reason: "  " });
    expect(noReason).toMatchObject({ status: 400, message: "Please give a reason" });
    expect(await refund(moderator.token, { earningId: row.id, reason: "ok" })).toMatchObject({
      status: 400,
      message: "The reason must be at least 3 characters",
    });
    expect(await refund(moderator.token, { earningId: row.id, reason: "x".repeat(501) })).toMatchObject({
      status: 400,
      message: "The reason must be at most 500 characters",
    });
    expect(await refund(moderator.token, { earningId: row.id, amountPaise: 0, reason: "Duplicate payment" })).toMatchObject({
      status: 400,
      message: "The amount must be more than zero",
    });
    expect(await refund(moderator.token, { earningId: row.id, amountPaise: 10.5, reason: "Duplicate payment" })).toMatchObject({
      status: 400,
      message: "The amount must be a whole number of paise",
    });
    // Nothing was refunded by the refused calls.
    const list = await trpcAt(moderator.token).moderation.menteePayments.query({ menteeId: mentee.id });
    expect(list.payments[0]).toMatchObject({ refundedPaise: 0, refundablePaise: 800_000 });
  });
});
