import { and, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { earnings, enrollments, mentors, payoutAccounts, payouts } from "../../../db/schema";
import { DEMO_SUBSCRIPTION_ID } from "../../../db/seed";
import { DEMO_FEE_PERCENT, DEMO_READY_ACCOUNT, DEMO_UNFINISHED_ACCOUNT } from "../../../db/seed-payouts";
import { secondsOf } from "./lifecycle";
import { ensureLocalStripeStore, getObject, localStripeObjects, putObject } from "./store";

/**
 * The local Stripe's side of the payouts demo (ADR 0024; the product's rows are
 * db/seed-payouts.ts): the objects Stripe would hold for them. Idempotent: ids derive from the
 * seeded rows, existing objects are left as they are.
 */

type LocalObject = { id: string; object: string; created: number } & Record<string, unknown>;

function accountObject(input: { id: string; mentorId: string; email: string; ready: boolean; created: Date }): LocalObject {
  const due = input.ready ? [] : ["external_account"];
  return {
    id: input.id,
    object: "account",
    type: "express",
    country: "IN",
    default_currency: "inr",
    email: input.email,
    business_type: "individual",
    charges_enabled: input.ready,
    payouts_enabled: input.ready,
    details_submitted: input.ready,
    requirements: { currently_due: due, past_due: [], eventually_due: due, disabled_reason: null },
    capabilities: { transfers: input.ready ? "active" : "inactive" },
    metadata: { mentorId: input.mentorId },
    created: secondsOf(input.created),
    livemode: false,
  };
}

/**
 * The local Stripe's copy of the payouts demo, drawn from the seeded rows: both demo accounts, each
 * payment's invoice, PaymentIntent and charge (and its refund), the transfer of each destination
 * charge (less what a refund reversed), the payouts, and the split on the demo subscription
 * (transfer_data and the fee percent, as a checkout for a ready mentor sets them). Runs only on the
 * local database (scripts/local-db.ts), after seedLocalStripeDemo (./demo.ts).
 */
export async function seedLocalStripePayoutsDemo(db: Db): Promise<void> {
  await ensureLocalStripeStore(db);
  const accounts = await db
    .select({ account: payoutAccounts, email: mentors.email })
    .from(payoutAccounts)
    .innerJoin(mentors, eq(mentors.id, payoutAccounts.mentorId))
    .where(inArray(payoutAccounts.stripeAccountId, [DEMO_READY_ACCOUNT, DEMO_UNFINISHED_ACCOUNT]));
  if (!accounts.length) return;
  const objects: LocalObject[] = accounts.map(({ account, email }) =>
    accountObject({
      id: account.stripeAccountId,
      mentorId: account.mentorId,
      email,
      ready: account.chargesEnabled && account.payoutsEnabled,
      created: account.createdAt,
    }),
  );
  const ready = accounts.find((a) => a.account.stripeAccountId === DEMO_READY_ACCOUNT);
  // Every demo payment: its invoice, PaymentIntent and charge (as the local Stripe's checkout makes them), so a moderator's
  // refund or the development page's dispute finds them; a destination charge's transfer (less what a refund reversed).
  const ledger = await db
    .select()
    .from(earnings)
    // Of every mentor: the newcomers' first months (held for mentors without an account, db/seed-moderation.ts) too.
    .where(like(earnings.invoiceId, "in_demo_%"));
  const [demoEnrollment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION_ID));
  for (const e of ledger) {
    const key = e.invoiceId.slice("in_demo_".length);
    const created = secondsOf(e.paidAt);
    const chargeId = `ch_demo_${key}`;
    const intentId = e.paymentIntentId ?? `pi_demo_${key}`;
    const destination = accounts.find((a) => a.account.mentorId === e.mentorId && e.route === "destination")?.account.stripeAccountId;
    const refundedAt = created + 14 * 24 * 60 * 60;
    const reversal =
      e.reversedPaise > 0
        ? {
            id: `trr_demo_${key}`,
            object: "transfer_reversal",
            amount: e.reversedPaise,
            currency: e.currency,
            transfer: e.transferId,
            metadata: { refund: "yes" },
            created: refundedAt,
          }
        : null;
    objects.push(
      {
        id: e.invoiceId,
        object: "invoice",
        status: "paid",
        billing_reason: "subscription_cycle",
        currency: e.currency,
        amount_due: e.grossPaise,
        amount_paid: e.grossPaise,
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: {
            subscription: e.enrollmentId === demoEnrollment?.id ? DEMO_SUBSCRIPTION_ID : null,
            metadata: { enrollmentId: e.enrollmentId, menteeId: e.menteeId, mentorId: e.mentorId },
          },
        },
        lines: {
          object: "list",
          data: [
            {
              id: `il_demo_${key}`,
              object: "line_item",
              amount: e.grossPaise,
              period: { start: secondsOf(e.periodStart ?? e.paidAt), end: secondsOf(e.periodEnd ?? e.paidAt) },
            },
          ],
        },
        status_transitions: { paid_at: created },
        payments: {
          object: "list",
          data: [
            {
              id: `inpay_demo_${key}`,
              object: "invoice_payment",
              invoice: e.invoiceId,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: intentId },
            },
          ],
          has_more: false,
        },
        created,
        livemode: false,
      },
      {
        id: intentId,
        object: "payment_intent",
        amount: e.grossPaise,
        currency: e.currency,
        status: "succeeded",
        latest_charge: chargeId,
        invoice: e.invoiceId,
        created,
        livemode: false,
      },
      {
        id: chargeId,
        object: "charge",
        amount: e.grossPaise,
        amount_refunded: e.refundedPaise,
        refunded: e.refundedPaise >= e.grossPaise,
        currency: e.currency,
        payment_intent: intentId,
        invoice: e.invoiceId,
        transfer: destination ? e.transferId : null,
        application_fee_amount: destination ? e.feePaise : null,
        disputed: false,
        created,
        livemode: false,
      },
    );
    if (e.refundedPaise > 0) {
      objects.push({
        id: `re_demo_${key}`,
        object: "refund",
        amount: e.refundedPaise,
        currency: e.currency,
        charge: chargeId,
        payment_intent: intentId,
        status: "succeeded",
        reason: "requested_by_customer",
        metadata: {},
        transfer_reversal: reversal?.id ?? null,
        application_fee_refunded: e.feeRefundedPaise,
        created: refundedAt,
        livemode: false,
      });
    }
    if (destination && e.transferId) {
      objects.push({
        id: e.transferId,
        object: "transfer",
        amount: e.netPaise,
        currency: e.currency,
        destination,
        amount_reversed: e.reversedPaise,
        reversed: e.reversedPaise >= e.netPaise,
        reversals: { object: "list", data: reversal ? [reversal] : [] },
        source_transaction: chargeId,
        // Stripe groups a destination charge's transfer by its PaymentIntent.
        transfer_group: `group_${intentId}`,
        metadata: {},
        created,
        livemode: false,
      });
    }
  }
  if (ready) {
    const paid = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.mentorId, ready.account.mentorId), like(payouts.id, "po_demo_%")));
    for (const p of paid) {
      objects.push({
        id: p.id,
        object: "payout",
        amount: p.amountPaise,
        currency: p.currency,
        status: p.status,
        arrival_date: secondsOf(p.arrivalDate),
        failure_message: p.failureMessage,
        method: "standard",
        created: secondsOf(p.createdAt),
        account: p.stripeAccountId,
        livemode: false,
      });
    }
  }
  await db
    .insert(localStripeObjects)
    .values(objects.map((o) => ({ id: o.id, type: o.object, data: JSON.stringify(o), createdAt: new Date(o.created * 1000) })))
    .onConflictDoNothing();
  if (ready) await splitDemoSubscription(db);
}

/** The demo subscription (worker/dev/local-stripe/demo.ts) as Stripe has it for a ready mentor: her share goes with each charge. Once. */
async function splitDemoSubscription(db: Db) {
  const sub = await getObject(db, DEMO_SUBSCRIPTION_ID);
  if (!sub || sub.transfer_data) return;
  await putObject(db, {
    ...sub,
    transfer_data: { destination: DEMO_READY_ACCOUNT, amount_percent: null },
    application_fee_percent: DEMO_FEE_PERCENT,
  });
}
