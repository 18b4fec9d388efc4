import { and, eq } from "drizzle-orm";
import { earnings, enrollments, payouts } from "../../db/schema";
import { testDb } from "./accounts";
import { createEnrollment } from "./moderation";

/** Ledger and payout rows written straight into the test database (issue 24), for the read side's tests. */

type EarningValues = Partial<typeof earnings.$inferInsert> & { paidAt: Date };

/**
 * One paid invoice of `menteeId` to `mentorId` (of their subscription, made when they have none): ₹8,000 split 20 % by
 * default (fee 160000, net 640000), a destination charge already moved, unless `values` say otherwise.
 */
export async function insertEarning(mentorId: string, menteeId: string, values: EarningValues) {
  // One subscription per pair (its renewals are more invoices of it).
  const [existing] = await testDb().select().from(enrollments).where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId))).limit(1);
  const enrollment = existing ?? (await createEnrollment(menteeId, mentorId, { activatedAt: values.paidAt }));
  const gross = values.grossPaise ?? 800_000;
  const fee = values.feePaise ?? Math.round(gross * 0.2);
  const [row] = await testDb()
    .insert(earnings)
    .values({
      invoiceId: `in_t_${crypto.randomUUID()}`,
      enrollmentId: enrollment.id,
      mentorId,
      menteeId,
      grossPaise: gross,
      feePaise: fee,
      netPaise: gross - fee,
      route: "destination",
      transferId: values.route === "held" ? null : `tr_t_${crypto.randomUUID().slice(0, 8)}`,
      ...values,
    })
    .returning();
  return row;
}

/** A payout of `mentorId` to his bank, as the Connect webhook mirrors it. */
export async function insertPayout(mentorId: string, values: Partial<typeof payouts.$inferInsert> & { arrivalDate: Date; status: (typeof payouts.$inferInsert)["status"] }) {
  const [row] = await testDb()
    .insert(payouts)
    .values({ id: `po_t_${crypto.randomUUID()}`, mentorId, stripeAccountId: "acct_t_test", amountPaise: 640_000, ...values })
    .returning();
  return row;
}
