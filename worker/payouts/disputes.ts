import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { earnings, payoutAccounts, processedPaymentEvents } from "../../db/schema";
import { isDuplicateEvent } from "../payments/subscription-sync";
import type { Payments } from "../platform/ports/third-parties";
import { type Earning, idOf, type MoneyOutcome, netAfter } from "./ledger";

/**
 * Disputes (ADR 0024). While the mentee's bank holds the money (`needs_response`,
 * `under_review`), the mentor's share is taken back from the transfer that paid it (Stripe's
 * automatic transfer of a destination charge, or ours of a held payment); a won dispute transfers
 * it to him again; a lost one leaves it taken back for good (the ledger then counts his whole
 * share as reversed and the fee as given back). A held share not transferred yet just waits: the
 * cron skips disputed rows. Every event reads the dispute back from Stripe, so the order of
 * events does not matter; Stripe calls carry keys per dispute, so a retry moves nothing twice.
 */

/** The dispute statuses in which the bank has taken the money. */
const FUNDS_WITHDRAWN = new Set<string>(["needs_response", "under_review"]);

/** The transfer that paid the mentor's share of this payment: ours (held) or Stripe's (destination, read from the charge). */
async function shareTransfer(payments: Payments, row: Earning, chargeId: string | null): Promise<string | null> {
  if (row.route === "held") return row.transferId;
  if (row.transferId) return row.transferId;
  if (!chargeId) return null;
  const charge = await payments.stripe.charges.retrieve(chargeId);
  return idOf(charge.transfer);
}

export async function recordDisputeEvent(db: Db, payments: Payments, event: Stripe.Event, disputeId: string): Promise<MoneyOutcome> {
  const dispute = await payments.stripe.disputes.retrieve(disputeId);
  const chargeId = idOf(dispute.charge);
  let intent = idOf(dispute.payment_intent);
  if (!intent && chargeId) intent = idOf((await payments.stripe.charges.retrieve(chargeId)).payment_intent);
  const [row] = intent ? await db.select().from(earnings).where(eq(earnings.paymentIntentId, intent)) : [];
  const record = db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type });
  if (!row) {
    await db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
    return { kind: "unknown" };
  }

  const status = dispute.status;
  const before = row.disputeId === dispute.id ? row.disputeStatus : null;
  const wasWithdrawn = before !== null && (FUNDS_WITHDRAWN.has(before) || before === "lost");
  const share = netAfter(row);
  const transferId = row.route === "held" && !row.transferId ? null : await shareTransfer(payments, row, chargeId);
  let change: Extract<MoneyOutcome, { kind: "money" }>["change"] = "dispute-updated";

  if ((FUNDS_WITHDRAWN.has(status) || status === "lost") && !wasWithdrawn) {
    // The bank took the money: the mentor's share goes back to the platform until the dispute is decided.
    if (transferId && share > 0) {
      await payments.stripe.transfers.createReversal(
        transferId,
        { amount: share, metadata: { earningId: row.id, disputeId: dispute.id } },
        { idempotencyKey: `dispute-${dispute.id}` },
      );
    }
    change = status === "lost" ? "dispute-lost" : "dispute-opened";
  } else if (status === "won" && wasWithdrawn && before !== "lost") {
    // Won: the mentor's share goes to him again (a held share never transferred just waits for the cron).
    const account = await db.query.payoutAccounts.findFirst({
      where: eq(payoutAccounts.mentorId, row.mentorId),
      columns: { stripeAccountId: true },
    });
    if (transferId && account && share > 0) {
      await payments.stripe.transfers.create(
        {
          amount: share,
          currency: row.currency,
          destination: account.stripeAccountId,
          transfer_group: row.invoiceId,
          metadata: { earningId: row.id, disputeId: dispute.id },
        },
        { idempotencyKey: `dispute-won-${dispute.id}` },
      );
    }
    change = "dispute-won";
  } else if (status === "lost") change = "dispute-lost";
  else if (status === "won") change = "dispute-won";

  const lost = status === "lost";
  const update = db
    .update(earnings)
    .set({
      disputeId: dispute.id,
      disputeStatus: status,
      // Lost: the mentor's whole share stays taken back and the platform's fee is gone with the payment.
      ...(lost
        ? {
            reversedPaise: sql`max(${earnings.reversedPaise}, ${earnings.netPaise})`,
            feeRefundedPaise: sql`max(${earnings.feeRefundedPaise}, ${earnings.feePaise})`,
          }
        : {}),
    })
    .where(eq(earnings.id, row.id));
  try {
    await db.batch([record, update]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    throw error;
  }
  return { kind: "money", change, earningId: row.id };
}
