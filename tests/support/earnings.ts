import { and, eq } from "drizzle-orm";
import { earnings, enrollments, payouts } from "../../db/schema";
import { ensureLocalStripeStore, localStripeObjects } from "../../worker/dev/local-stripe/store";
import { testDb } from "./accounts";
import { createEnrollment } from "./moderation";

/** Ledger and payout rows written straight into the test database (ADR 0024), for the read side's tests. */

type EarningValues = Partial<typeof earnings.$inferInsert> & { paidAt: Date };

/**
 * One paid invoice of `menteeId` to `mentorId` (of their subscription, made when they have none): ₹8,000 split 20 % by
 * default (fee 160000, net 640000), a destination charge already moved, unless `values` say otherwise.
 */
export async function insertEarning(mentorId: string, menteeId: string, values: EarningValues) {
  // One subscription per pair (its renewals are more invoices of it).
  const [existing] = await testDb()
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)))
    .limit(1);
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
export async function insertPayout(
  mentorId: string,
  values: Partial<typeof payouts.$inferInsert> & { arrivalDate: Date; status: (typeof payouts.$inferInsert)["status"] },
) {
  const [row] = await testDb()
    .insert(payouts)
    .values({ id: `po_t_${crypto.randomUUID()}`, mentorId, stripeAccountId: "acct_t_test", amountPaise: 640_000, ...values })
    .returning();
  return row;
}

/**
 * A paid invoice the local Stripe can refund: its PaymentIntent and charge in the local Stripe's
 * store, and the ledger row (held, not transferred yet) pointing at the PaymentIntent.
 */
export async function insertRefundablePayment(mentorId: string, menteeId: string, values: { paidAt: Date; grossPaise?: number }) {
  const db = testDb();
  await ensureLocalStripeStore(db);
  const gross = values.grossPaise ?? 800_000;
  const tag = crypto.randomUUID().replace(/-/g, "").slice(0, 20);
  const ids = { intent: `pi_t_${tag}`, charge: `ch_t_${tag}`, invoice: `in_t_${tag}` };
  const seconds = Math.floor(values.paidAt.getTime() / 1000);
  const objects = [
    {
      id: ids.intent,
      object: "payment_intent",
      amount: gross,
      currency: "inr",
      status: "succeeded",
      latest_charge: ids.charge,
      created: seconds,
    },
    {
      id: ids.charge,
      object: "charge",
      amount: gross,
      amount_refunded: 0,
      refunded: false,
      currency: "inr",
      payment_intent: ids.intent,
      invoice: ids.invoice,
      transfer: null,
      application_fee_amount: null,
      disputed: false,
      created: seconds,
    },
  ];
  await db
    .insert(localStripeObjects)
    .values(objects.map((o) => ({ id: o.id, type: o.object, data: JSON.stringify(o), createdAt: values.paidAt })));
  return insertEarning(mentorId, menteeId, {
    paidAt: values.paidAt,
    grossPaise: gross,
    route: "held",
    invoiceId: ids.invoice,
    paymentIntentId: ids.intent,
  });
}
