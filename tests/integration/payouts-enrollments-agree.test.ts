import { describe, expect, it } from "vitest";
import { accessTokenFor, createMentee, createMentor } from "../support/accounts";
import { trpc } from "../support/api";
import { insertEarning } from "../support/earnings";
import { createEnrollment } from "../support/moderation";

/**
 * One definition of a mentor's new enrollment (a subscription's first paid month, not refunded in
 * full) behind his dashboard's count and his Earnings page: renewals, a fully refunded first
 * payment and a subscription with no payment on record are not counted by either, and the payments
 * Earnings marks "new" are the ones counted. Each month's figures add up left to right.
 */

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("a mentor's new enrollments", () => {
  it("the dashboard and Earnings count the same payments: first paid months, not renewals nor full refunds", async () => {
    const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
    const token = await accessTokenFor("mentor", mentor.id);
    const [asha, ben, chitra, dev, esha] = await Promise.all(Array.from({ length: 5 }, () => createMentee()));
    // New and counted: Asha (then a renewal of hers), Chitra (partly refunded).
    const ashaFirst = await insertEarning(mentor.id, asha.id, { paidAt: ago(20) });
    const ashaRenewal = await insertEarning(mentor.id, asha.id, { paidAt: ago(1) });
    const chitraFirst = await insertEarning(mentor.id, chitra.id, {
      paidAt: ago(3),
      refundedPaise: 200_000,
      reversedPaise: 160_000,
      feeRefundedPaise: 40_000,
    });
    // Not counted: Ben's first payment refunded in full; Dev's renewal of a subscription started 45 days ago.
    await insertEarning(mentor.id, ben.id, { paidAt: ago(5), refundedPaise: 800_000, reversedPaise: 640_000, feeRefundedPaise: 160_000 });
    await insertEarning(mentor.id, dev.id, { paidAt: ago(45) });
    const devRenewal = await insertEarning(mentor.id, dev.id, { paidAt: ago(15) });
    // Not counted: a subscription marked active with no payment in the ledger (what the demo seeds once had).
    await createEnrollment(esha.id, mentor.id, { activatedAt: ago(4) });

    const chart = await trpc(token).scheduling.dailyEnrollments.query();
    const dashboardCount = chart.reduce((n, d) => n + d.count, 0);
    expect(dashboardCount).toBe(2);

    const earnings = await trpc(token).payouts.earnings.query({});
    expect(earnings.newEnrollments).toBe(dashboardCount);

    // The lines of every month shown: the ones marked new within 30 days are the dashboard's.
    const months = [...new Set(earnings.months.filter((m) => m.payments > 0).map((m) => m.month))];
    const lines = (await Promise.all(months.map((month) => trpc(token).payouts.earnings.query({ month })))).flatMap((v) => v.lines);
    const kinds = new Map(lines.map((l) => [l.id, l.kind]));
    expect(kinds.get(ashaFirst.id)).toBe("new");
    expect(kinds.get(ashaRenewal.id)).toBe("renewal");
    expect(kinds.get(chitraFirst.id)).toBe("new");
    expect(kinds.get(devRenewal.id)).toBe("renewal");
    const countedOnEarnings = lines.filter(
      (l) => l.kind === "new" && l.status !== "refunded" && new Date(l.paidAt).getTime() > Date.now() - 29 * DAY,
    );
    expect(countedOnEarnings.map((l) => l.id).sort()).toEqual([ashaFirst.id, chitraFirst.id].sort());
  });

  it("each month's figures add up left to right: gross - refunded - lost to disputes - fee = net", async () => {
    const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
    const token = await accessTokenFor("mentor", mentor.id);
    const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => createMentee()));
    const paidAt = ago(0.1);
    await insertEarning(mentor.id, a.id, { paidAt });
    await insertEarning(mentor.id, b.id, { paidAt, refundedPaise: 200_000, reversedPaise: 160_000, feeRefundedPaise: 40_000 });
    await insertEarning(mentor.id, c.id, {
      paidAt,
      disputeId: "dp_t_lost",
      disputeStatus: "lost",
      reversedPaise: 640_000,
      feeRefundedPaise: 160_000,
    });
    await insertEarning(mentor.id, c.id, { paidAt: ago(0.05), grossPaise: 500_000, route: "held" });

    const view = await trpc(token).payouts.earnings.query({});
    const month = view.months[0];
    expect(month).toMatchObject({ grossPaise: 2_900_000, refundedPaise: 200_000, disputedPaise: 800_000, payments: 4 });
    for (const m of [view.month, ...view.months]) {
      expect(m.grossPaise - m.refundedPaise - m.disputedPaise - m.feePaise).toBe(m.netPaise);
    }
    // Every payment's line adds up too, the lost one with its loss (and a final status).
    for (const line of view.lines) {
      expect(line.grossPaise - line.refundedPaise - line.lostPaise - line.feePaise).toBe(line.netPaise);
    }
    expect(view.lines.filter((l) => l.lostPaise > 0).map((l) => [l.status, l.lostPaise])).toEqual([["dispute_lost", 800_000]]);
  });
});
