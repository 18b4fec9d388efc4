import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, mentees, mentors, refunds } from "../../db/schema";
import { fail } from "../platform/domain-error";

/** One refund of a payment; `refundedAt` is null for a refund the ledger took before it kept their dates. */
export type PaymentRefund = { amountPaise: number; refundedAt: string | null };

/** One paid invoice as the mentee who paid it sees it: what, when, to whom, for which period, and what came back. */
export type MenteePaymentLine = {
  id: string;
  invoiceId: string;
  mentor: { id: string; name: string };
  paidAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  amountPaise: number;
  currency: string;
  refundedPaise: number;
  refunds: PaymentRefund[];
};

/** A receipt: the payment, who paid it and to whom. */
export type PaymentReceipt = MenteePaymentLine & { menteeName: string; menteeEmail: string };

/** How many of her latest payments the Subscriptions page lists. */
export const PAYMENT_HISTORY_LIMIT = 100;

type Row = { row: typeof earnings.$inferSelect; firstName: string; lastName: string };

async function withRefunds(db: Db, rows: Row[]): Promise<MenteePaymentLine[]> {
  const ids = rows.map((r) => r.row.id);
  const recorded = ids.length
    ? await db
        .select()
        .from(refunds)
        .where(inArray(refunds.earningId, ids))
        .orderBy(asc(refunds.refundedAt), asc(refunds.refundedTotalPaise))
    : [];
  return rows.map(({ row, firstName, lastName }) => {
    const own = recorded.filter((r) => r.earningId === row.id);
    const list: PaymentRefund[] = own.map((r) => ({ amountPaise: r.amountPaise, refundedAt: r.refundedAt.toISOString() }));
    // What the ledger counts beyond its dated refunds (taken before it kept them) is still shown, without a date.
    const undated = row.refundedPaise - own.reduce((sum, r) => sum + r.amountPaise, 0);
    if (undated > 0) list.unshift({ amountPaise: undated, refundedAt: null });
    return {
      id: row.id,
      invoiceId: row.invoiceId,
      mentor: { id: row.mentorId, name: `${firstName} ${lastName}`.trim() },
      paidAt: row.paidAt.toISOString(),
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
      amountPaise: row.grossPaise,
      currency: row.currency,
      refundedPaise: row.refundedPaise,
      refunds: list,
    };
  });
}

const paymentColumns = { row: earnings, firstName: mentors.firstName, lastName: mentors.lastName };

/** The signed-in mentee's payments, newest first, each with its refunds (the Subscriptions page). Only hers. */
export async function menteePaymentHistory(db: Db, menteeId: string): Promise<MenteePaymentLine[]> {
  const rows = await db
    .select(paymentColumns)
    .from(earnings)
    .innerJoin(mentors, eq(mentors.id, earnings.mentorId))
    .where(eq(earnings.menteeId, menteeId))
    .orderBy(desc(earnings.paidAt), desc(earnings.id))
    .limit(PAYMENT_HISTORY_LIMIT);
  return withRefunds(db, rows);
}

/** One of her payments as a receipt; another mentee's payment is not found, as one that does not exist. */
export async function paymentReceipt(db: Db, menteeId: string, paymentId: string): Promise<PaymentReceipt> {
  const [rows, [mentee]] = await Promise.all([
    db
      .select(paymentColumns)
      .from(earnings)
      .innerJoin(mentors, eq(mentors.id, earnings.mentorId))
      .where(and(eq(earnings.id, paymentId), eq(earnings.menteeId, menteeId))),
    db
      .select({ firstName: mentees.firstName, lastName: mentees.lastName, email: mentees.email })
      .from(mentees)
      .where(eq(mentees.id, menteeId)),
  ]);
  if (!rows[0] || !mentee) fail("NOT_FOUND", "This receipt was not found. Your payments are listed under Subscriptions.");
  const [line] = await withRefunds(db, rows);
  return { ...line, menteeName: `${mentee.firstName} ${mentee.lastName}`.trim(), menteeEmail: mentee.email };
}

/** The receipt of the payment that started an enrollment (its first paid invoice), once the ledger has it. */
export async function firstPaymentOf(db: Db, enrollmentId: string): Promise<string | null> {
  const [first] = await db
    .select({ id: earnings.id })
    .from(earnings)
    .where(eq(earnings.enrollmentId, enrollmentId))
    .orderBy(asc(earnings.paidAt), asc(earnings.id))
    .limit(1);
  return first?.id ?? null;
}
