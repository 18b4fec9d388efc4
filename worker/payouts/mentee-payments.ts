import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, mentees, mentors } from "../../db/schema";
import type { EarningStatus } from "../../shared/payouts";
import { fail } from "../platform/domain-error";
import { earningStatus } from "./ledger";

/** One paid invoice of a mentee, as a moderator sees it before a refund. */
export type MenteePayment = {
  id: string;
  mentorName: string;
  paidAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  grossPaise: number;
  refundedPaise: number;
  /** What may still be refunded (gross less what was). */
  refundablePaise: number;
  /** As the mentor's Earnings name it: an open dispute and a lost one are told apart (neither may be refunded). */
  status: EarningStatus;
};

/** A mentee's paid invoices, newest first, with the mentor each went to (the moderator's "Payments of …" dialog). */
export async function menteePayments(db: Db, menteeId: string): Promise<{ menteeName: string; payments: MenteePayment[] }> {
  const [mentee] = await db
    .select({ firstName: mentees.firstName, lastName: mentees.lastName })
    .from(mentees)
    .where(eq(mentees.id, menteeId))
    .limit(1);
  if (!mentee) fail("NOT_FOUND", "No such mentee");
  const rows = await db
    .select({ row: earnings, firstName: mentors.firstName, lastName: mentors.lastName })
    .from(earnings)
    .innerJoin(mentors, eq(mentors.id, earnings.mentorId))
    .where(eq(earnings.menteeId, menteeId))
    .orderBy(desc(earnings.paidAt), desc(earnings.id))
    .limit(200);
  return {
    menteeName: `${mentee.firstName} ${mentee.lastName}`.trim(),
    payments: rows.map(({ row, firstName, lastName }) => ({
      id: row.id,
      mentorName: `${firstName} ${lastName}`.trim(),
      paidAt: row.paidAt.toISOString(),
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
      grossPaise: row.grossPaise,
      refundedPaise: row.refundedPaise,
      refundablePaise: Math.max(0, row.grossPaise - row.refundedPaise),
      status: earningStatus(row),
    })),
  };
}
