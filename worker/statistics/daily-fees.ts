import { gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings } from "../../db/schema";
import type { FeeRevenueDay } from "../../shared/payouts";
import { feeAfter } from "../payouts/ledger";
import { dayIn, latestDays, readFrom, STATISTICS_DAYS } from "./count-per-day";

/**
 * The platform's fee revenue per calendar day of `timeZone` over the latest 30 days, oldest first,
 * days without payments as zeros: each payment's fee less what was given back with a refund, on the
 * day it was paid (the moderator home's third chart; the same days as its other two).
 */
export async function feeRevenuePerDay(db: Db, timeZone: string, now: Date, count = STATISTICS_DAYS): Promise<FeeRevenueDay[]> {
  const rows = await db
    .select({ paidAt: earnings.paidAt, feePaise: earnings.feePaise, feeRefundedPaise: earnings.feeRefundedPaise })
    .from(earnings)
    .where(gte(earnings.paidAt, readFrom(now, count)));
  const days = latestDays(timeZone, now, count);
  const sums = new Map(days.map((day) => [day, 0]));
  for (const r of rows) {
    const day = dayIn(timeZone, r.paidAt);
    if (sums.has(day)) sums.set(day, sums.get(day)! + feeAfter(r));
  }
  return days.map((date) => ({ date, feePaise: sums.get(date)! }));
}
