import { and, asc, desc, eq, gte, inArray, lt, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, mentees, mentors, payouts } from "../../db/schema";
import type { EarningLine, EarningsMonth, EarningsView, PayoutLine } from "../../shared/payouts";
import { mentorZoneOrDefault, zonedInstant } from "../../shared/zoned-time";
import { dayIn } from "../statistics/count-per-day";
import { firstPaymentIds, mentorEnrollmentsPerDay } from "../statistics/daily-enrollments";
import { earningLine, feeAfter, lostToDispute, netAfter } from "./ledger";
import { accountView } from "./payout-account";

/** This month and 11 before it. */
export const EARNINGS_MONTHS = 12;
export const PAST_PAYOUTS = 24;

type EarningRow = typeof earnings.$inferSelect;

/** "2026-11" plus `by` months ("2026-01" - 1 = "2025-12"). */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first instant of a month in a zone (DST-correct). */
export const monthStart = (month: string, zone: string) => zonedInstant(`${month}-01`, "00:00", zone);

/** The month ("YYYY-MM") an instant falls in, in a zone. */
export const monthIn = (zone: string, instant: Date) => dayIn(zone, instant).slice(0, 7);

const emptyMonth = (month: string): EarningsMonth => ({
  month,
  grossPaise: 0,
  feePaise: 0,
  netPaise: 0,
  refundedPaise: 0,
  disputedPaise: 0,
  payments: 0,
});

function addTo(total: EarningsMonth, r: EarningRow) {
  total.grossPaise += r.grossPaise;
  // What a payment comes to now: the fee the platform keeps and the mentor's share after refunds and reversals.
  total.feePaise += feeAfter(r);
  total.netPaise += netAfter(r);
  total.refundedPaise += r.refundedPaise;
  total.disputedPaise += lostToDispute(r);
  total.payments += 1;
}

const payoutLine = (p: typeof payouts.$inferSelect): PayoutLine => ({
  id: p.id,
  amountPaise: p.amountPaise,
  status: p.status,
  arrivalDate: p.arrivalDate.toISOString(),
  failureMessage: p.failureMessage,
});

/**
 * A mentor's Earnings page (ADR 0024): his payout account, the month asked for with one line per
 * paid invoice, the last 12 months' totals (months in his zone) and his payouts. Only his own rows.
 */
export async function earningsView(
  db: Db,
  mentorId: string,
  options: { month?: string; now: Date; feePercent: number },
): Promise<EarningsView> {
  const [mentor] = await db.select({ timeZone: mentors.timeZone }).from(mentors).where(eq(mentors.id, mentorId)).limit(1);
  const zone = mentorZoneOrDefault(mentor?.timeZone);
  const thisMonth = monthIn(zone, options.now);
  const asked = options.month ?? thisMonth;
  const firstMonth = addMonths(thisMonth, -(EARNINGS_MONTHS - 1));
  const monthNames = Array.from({ length: EARNINGS_MONTHS }, (_, i) => addMonths(thisMonth, -i));
  const askedFrom = monthStart(asked, zone);
  const askedTo = monthStart(addMonths(asked, 1), zone);

  const [account, windowRows, lineRows, upcoming, past, enrolled] = await Promise.all([
    accountView(db, mentorId),
    db
      .select()
      .from(earnings)
      .where(
        and(
          eq(earnings.mentorId, mentorId),
          gte(earnings.paidAt, monthStart(firstMonth, zone)),
          lt(earnings.paidAt, monthStart(addMonths(thisMonth, 1), zone)),
        ),
      ),
    db
      .select({ row: earnings, firstName: mentees.firstName, lastName: mentees.lastName })
      .from(earnings)
      .innerJoin(mentees, eq(mentees.id, earnings.menteeId))
      .where(and(eq(earnings.mentorId, mentorId), gte(earnings.paidAt, askedFrom), lt(earnings.paidAt, askedTo)))
      .orderBy(desc(earnings.paidAt), desc(earnings.id)),
    db
      .select()
      .from(payouts)
      .where(and(eq(payouts.mentorId, mentorId), inArray(payouts.status, ["pending", "in_transit"])))
      .orderBy(asc(payouts.arrivalDate), asc(payouts.id)),
    db
      .select()
      .from(payouts)
      .where(and(eq(payouts.mentorId, mentorId), notInArray(payouts.status, ["pending", "in_transit"])))
      .orderBy(desc(payouts.arrivalDate), desc(payouts.id))
      .limit(PAST_PAYOUTS),
    mentorEnrollmentsPerDay(db, mentorId, zone, options.now),
  ]);

  const totals = new Map(monthNames.map((m) => [m, emptyMonth(m)]));
  for (const r of windowRows) {
    const total = totals.get(monthIn(zone, r.paidAt));
    if (total) addTo(total, r);
  }
  const askedTotal = emptyMonth(asked);
  for (const { row } of lineRows) addTo(askedTotal, row);

  const firsts = await firstPaymentIds(
    db,
    lineRows.map(({ row }) => row.enrollmentId),
  );
  const lines: EarningLine[] = lineRows.map(({ row, firstName, lastName }) =>
    earningLine(row, `${firstName} ${lastName}`.trim(), firsts.has(row.id) ? "new" : "renewal"),
  );

  return {
    feePercent: options.feePercent,
    account,
    month: askedTotal,
    lines,
    months: monthNames.map((m) => totals.get(m)!),
    newEnrollments: enrolled.reduce((n, d) => n + d.count, 0),
    upcomingPayouts: upcoming.map(payoutLine),
    pastPayouts: past.map(payoutLine),
  };
}
