import { describe, expect, it } from "vitest";
import { platformFeePaise, proportionOf } from "../../shared/payouts";
import { type Earning, earningLine, earningStatus, isDisputed, netAfter, refundSplit, splitOf } from "../../worker/payouts/ledger";

/** The ledger's arithmetic (ADR 0024): the fee, the split, refunds in proportion, and a line's status. */

const row = (over: Partial<Earning> = {}): Earning => ({
  id: "e1",
  invoiceId: "in_1",
  enrollmentId: "en_1",
  mentorId: "m1",
  menteeId: "t1",
  currency: "inr",
  grossPaise: 800_000,
  feePaise: 160_000,
  netPaise: 640_000,
  route: "destination",
  paymentIntentId: "pi_1",
  transferId: null,
  transferredAt: null,
  transferClaimedAt: null,
  transferAttempts: 0,
  lastTransferError: null,
  refundedPaise: 0,
  reversedPaise: 0,
  feeRefundedPaise: 0,
  disputeId: null,
  disputeStatus: null,
  periodStart: new Date("2026-11-01T00:00:00Z"),
  periodEnd: new Date("2026-12-01T00:00:00Z"),
  paidAt: new Date("2026-11-01T00:05:00Z"),
  createdAt: new Date("2026-11-01T00:05:01Z"),
  ...over,
});

describe("the platform fee", () => {
  it("is the percent of the gross rounded to the paisa, as Stripe rounds application_fee_percent", () => {
    expect(platformFeePaise(800_000, 20)).toBe(160_000); // ₹8,000 -> ₹1,600
    expect(platformFeePaise(99_999, 20)).toBe(20_000); // 19,999.8
    expect(platformFeePaise(100_001, 12.5)).toBe(12_500); // 12,500.125
    expect(platformFeePaise(100_003, 12.5)).toBe(12_500); // 12,500.375
    expect(platformFeePaise(500, 0)).toBe(0);
  });

  it("splits by route: destination with the subscription's own percent, held with the configured one", () => {
    expect(splitOf({ grossPaise: 800_000, destination: "acct_1", applicationFeePercent: 15, configPercent: 20 })).toEqual({
      route: "destination",
      feePaise: 120_000,
    });
    expect(splitOf({ grossPaise: 800_000, destination: null, applicationFeePercent: 15, configPercent: 20 })).toEqual({
      route: "held",
      feePaise: 160_000,
    });
    expect(splitOf({ grossPaise: 800_000, destination: null, applicationFeePercent: null, configPercent: 12.5 })).toEqual({
      route: "held",
      feePaise: 100_000,
    });
  });
});

describe("refunds in proportion", () => {
  it("take back the mentor's share floored, the fee gets the rest, and the two add up to the refund", () => {
    expect(proportionOf(640_000, 200_000, 800_000)).toBe(160_000);
    expect(proportionOf(640_000, 800_000, 800_000)).toBe(640_000);
    expect(proportionOf(640_000, 900_000, 800_000)).toBe(640_000);
    expect(proportionOf(640_000, 1, 0)).toBe(0);
    // The worked example: ₹2,000 of ₹8,000 takes ₹1,600 of his share and ₹400 of the fee.
    expect(refundSplit(row(), 200_000)).toEqual({ reversedPaise: 160_000, feeRefundedPaise: 40_000 });
    expect(refundSplit(row(), 800_000)).toEqual({ reversedPaise: 640_000, feeRefundedPaise: 160_000 });
    // An odd amount: floor(640000 * 333 / 800000) = 266.4 -> 266; the fee gets 67.
    const odd = refundSplit(row(), 333);
    expect(odd).toEqual({ reversedPaise: 266, feeRefundedPaise: 67 });
    for (const refunded of [1, 7, 333, 123_457, 799_999, 800_000]) {
      const split = refundSplit(row(), refunded);
      expect(split.reversedPaise + split.feeRefundedPaise).toBe(refunded);
      expect(split.reversedPaise).toBeLessThanOrEqual(640_000);
      expect(split.feeRefundedPaise).toBeLessThanOrEqual(160_000);
    }
    // Partial refunds add up to the full refund's split, whatever the steps.
    const steps = [333, 100_000, 250_001];
    let total = 0;
    let reversed = 0;
    for (const step of steps) {
      total += step;
      const next = refundSplit(row(), total).reversedPaise;
      expect(next).toBeGreaterThanOrEqual(reversed);
      reversed = next;
    }
    expect(reversed).toBe(proportionOf(640_000, total, 800_000));
  });
});

describe("a line's status", () => {
  it("reads disputed, refunded, partially refunded, held or transferred from the row", () => {
    expect(earningStatus(row())).toBe("transferred");
    expect(earningStatus(row({ route: "held" }))).toBe("held");
    expect(earningStatus(row({ route: "held", transferId: "tr_1" }))).toBe("transferred");
    expect(earningStatus(row({ refundedPaise: 1 }))).toBe("partially_refunded");
    expect(earningStatus(row({ refundedPaise: 800_000 }))).toBe("refunded");
    expect(earningStatus(row({ disputeId: "dp_1", disputeStatus: "needs_response" }))).toBe("disputed");
    expect(earningStatus(row({ disputeId: "dp_1", disputeStatus: "lost" }))).toBe("dispute_lost");
    expect(earningStatus(row({ disputeId: "dp_1", disputeStatus: "won" }))).toBe("transferred");
    expect(isDisputed(row({ disputeId: "dp_1", disputeStatus: "won" }))).toBe(false);
  });

  it("a lost dispute is a final status and its loss a figure of its own, so the line adds up", () => {
    const lost = { disputeId: "dp_1", disputeStatus: "lost", reversedPaise: 640_000, feeRefundedPaise: 160_000 };
    for (const refunded of [0, 200_000]) {
      const line = earningLine(row({ ...lost, refundedPaise: refunded }), "Priya Sharma", "new");
      expect(line).toMatchObject({ status: "dispute_lost", lostPaise: 800_000 - refunded, feePaise: 0, netPaise: 0 });
      expect(line.grossPaise - line.refundedPaise - line.lostPaise - line.feePaise).toBe(line.netPaise);
    }
    // Open, nothing is lost yet; won, the line reads as before the dispute.
    expect(earningLine(row({ disputeId: "dp_1", disputeStatus: "needs_response" }), "P", "new").lostPaise).toBe(0);
    expect(earningLine(row({ disputeId: "dp_1", disputeStatus: "won" }), "P", "new")).toMatchObject({
      status: "transferred",
      lostPaise: 0,
    });
  });

  it("shows his share after what was taken back", () => {
    expect(netAfter(row({ reversedPaise: 160_000 }))).toBe(480_000);
    expect(netAfter(row({ reversedPaise: 700_000 }))).toBe(0);
    expect(earningLine(row({ refundedPaise: 200_000, reversedPaise: 160_000 }), "Priya Sharma", "renewal")).toEqual({
      id: "e1",
      menteeName: "Priya Sharma",
      paidAt: "2026-11-01T00:05:00.000Z",
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
      grossPaise: 800_000,
      feePaise: 160_000,
      netPaise: 480_000,
      refundedPaise: 200_000,
      lostPaise: 0,
      status: "partially_refunded",
      kind: "renewal",
    });
  });
});
