import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type EarningRoute, earnings, type enrollments } from "../../db/schema";
import { type EarningLine, type EarningStatus, platformFeePaise, proportionOf } from "../../shared/payouts";
import type { Told } from "../notifications/notifications";

/**
 * The earnings ledger (ADR 0024): one row per paid invoice, written in the same batch as
 * the webhook event's record, with the split of that payment; and the arithmetic of refunds.
 * Amount columns only ever grow (refunded, reversed, fee given back): every write takes the larger
 * of what the row says and what Stripe's state now implies, so writers in any order agree.
 */

type Enrollment = typeof enrollments.$inferSelect;
export type Earning = typeof earnings.$inferSelect;

/** What a paid invoice splits: the gross, where the mentor's share went and the fee on it. */
export type PaidShare = {
  invoiceId: string;
  grossPaise: number;
  currency: string;
  route: EarningRoute;
  feePaise: number;
  paymentIntentId: string | null;
  period: { start: Date; end: Date } | null;
  paidAt: Date;
};

/**
 * The split of a paid invoice. Destination charges: Stripe took `application_fee_percent` of it
 * as the platform's fee and moved the rest with the charge. Otherwise the platform holds the whole
 * payment and owes the mentor gross - (configured percent).
 */
export function splitOf(input: {
  grossPaise: number;
  destination: string | null;
  applicationFeePercent: number | null;
  configPercent: number;
}): { route: EarningRoute; feePaise: number } {
  if (input.destination) return { route: "destination", feePaise: platformFeePaise(input.grossPaise, input.applicationFeePercent ?? 0) };
  return { route: "held", feePaise: platformFeePaise(input.grossPaise, input.configPercent) };
}

/**
 * The ledger row of a paid invoice, for the event's batch. The invoice is unique: a second event
 * for the same invoice (a redelivery under another id, a reordered duplicate) inserts nothing.
 */
export function earningWrites(db: Db, enrollment: Enrollment, share: PaidShare | undefined) {
  if (!share || share.grossPaise <= 0) return [];
  const feePaise = Math.min(share.feePaise, share.grossPaise);
  return [
    db
      .insert(earnings)
      .values({
        invoiceId: share.invoiceId,
        enrollmentId: enrollment.id,
        mentorId: enrollment.mentorId,
        menteeId: enrollment.menteeId,
        currency: share.currency,
        grossPaise: share.grossPaise,
        feePaise,
        netPaise: share.grossPaise - feePaise,
        route: share.route,
        paymentIntentId: share.paymentIntentId,
        periodStart: share.period?.start ?? null,
        periodEnd: share.period?.end ?? null,
        paidAt: share.paidAt,
      })
      .onConflictDoNothing({ target: earnings.invoiceId }),
  ];
}

/**
 * What a total refund of `refundedPaise` (of the gross) takes back: the mentor's share in
 * proportion (floored) and the platform's fee (the rest of the refund, so the two always add up
 * to the refund, and a full refund takes back exactly net and fee).
 */
export function refundSplit(
  row: Pick<Earning, "grossPaise" | "netPaise" | "feePaise">,
  refundedPaise: number,
): { reversedPaise: number; feeRefundedPaise: number } {
  const refunded = Math.max(0, Math.min(refundedPaise, row.grossPaise));
  const reversedPaise = proportionOf(row.netPaise, refunded, row.grossPaise);
  return { reversedPaise, feeRefundedPaise: Math.min(row.feePaise, refunded - reversedPaise) };
}

/** The ledger update for Stripe's total refunded amount of the payment (columns only grow). */
export function refundUpdate(db: Db, row: Earning, refundedPaise: number, guard?: ReturnType<typeof and>) {
  const target = refundSplit(row, refundedPaise);
  const refunded = Math.min(refundedPaise, row.grossPaise);
  return db
    .update(earnings)
    .set({
      refundedPaise: sql`max(${earnings.refundedPaise}, ${refunded})`,
      reversedPaise: sql`max(${earnings.reversedPaise}, ${target.reversedPaise})`,
      feeRefundedPaise: sql`max(${earnings.feeRefundedPaise}, ${target.feeRefundedPaise})`,
    })
    .where(and(eq(earnings.id, row.id), guard))
    .returning();
}

/**
 * How long a writer keeps a row it took for moving its money (the cron's held transfer, a
 * moderator's refund): any other leaves the row alone meanwhile, and may take it once the lease
 * ends (the first one died). One lease for both, so a refund and a transfer never run at once.
 */
export const MONEY_LEASE_MS = 10 * 60_000;

/** The row is free to take at `now`: nobody holds it, or the one who did let the lease run out. */
export const moneyLeaseFree = (now: Date) =>
  or(isNull(earnings.transferClaimedAt), lt(earnings.transferClaimedAt, new Date(now.getTime() - MONEY_LEASE_MS)));

/** A dispute that is open or was lost (a won dispute gives the money back, so the row reads as it did before the dispute). */
export const isDisputed = (row: Pick<Earning, "disputeId" | "disputeStatus">) => Boolean(row.disputeId) && row.disputeStatus !== "won";

/** What a lost dispute took of a payment beyond its refunds (the bank gave the mentee the rest). */
export const lostToDispute = (r: Pick<Earning, "disputeStatus" | "grossPaise" | "refundedPaise">) =>
  r.disputeStatus === "lost" ? Math.max(0, r.grossPaise - r.refundedPaise) : 0;

/** The line's status in the mentor's and the moderator's views. */
export function earningStatus(
  row: Pick<Earning, "route" | "transferId" | "grossPaise" | "refundedPaise" | "disputeId" | "disputeStatus">,
): EarningStatus {
  if (isDisputed(row)) return row.disputeStatus === "lost" ? "dispute_lost" : "disputed";
  if (row.refundedPaise >= row.grossPaise) return "refunded";
  if (row.refundedPaise > 0) return "partially_refunded";
  if (row.route === "held" && !row.transferId) return "held";
  return "transferred";
}

/** The mentor's share after refunds and reversals. */
export const netAfter = (row: Pick<Earning, "netPaise" | "reversedPaise">) => Math.max(0, row.netPaise - row.reversedPaise);

/** The fee the platform keeps of a payment: its fee less what refunds gave back (one rule for the Earnings page, the fee chart and a refund's answer). */
export const feeAfter = (row: Pick<Earning, "feePaise" | "feeRefundedPaise">) => Math.max(0, row.feePaise - row.feeRefundedPaise);

/** What a money event (a refund, a dispute) did to the ledger, as the webhook answers it. */
export type MoneyChange = "refund-recorded" | "dispute-opened" | "dispute-won" | "dispute-lost" | "dispute-updated";
export type MoneyOutcome =
  /** `told`: bell entries its batch wrote (a refund's), to push after the commit. */
  { kind: "money"; change: MoneyChange; earningId: string; told?: Told[] } | { kind: "duplicate-event" | "unchanged" | "unknown" };

/** An amount in rupees as the app writes it (₹8,000, ₹1,234.50). */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** A Stripe id from a field that may be expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The line of one paid invoice, as the mentor's and the moderator's views show it. */
export function earningLine(row: Earning, menteeName: string, kind: EarningLine["kind"]): EarningLine {
  return {
    id: row.id,
    menteeName,
    paidAt: row.paidAt.toISOString(),
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    grossPaise: row.grossPaise,
    feePaise: feeAfter(row),
    netPaise: netAfter(row),
    refundedPaise: row.refundedPaise,
    lostPaise: lostToDispute(row),
    status: earningStatus(row),
    kind,
  };
}
