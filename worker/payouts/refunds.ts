import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { earnings, mentees, processedPaymentEvents, refunds } from "../../db/schema";
import type { EarningLine } from "../../shared/payouts";
import { auditInsert } from "../moderation/audit";
import type { Told } from "../notifications/notifications";
import { isDuplicateEvent } from "../payments/subscription-sync";
import { fail } from "../platform/domain-error";
import { callStripe } from "../platform/ports/stripe-client";
import type { Payments } from "../platform/ports/third-parties";
import { firstPaymentIds } from "../statistics/daily-enrollments";
import {
  type Earning,
  earningLine,
  idOf,
  isDisputed,
  type MoneyOutcome,
  moneyLeaseFree,
  refundSplit,
  refundUpdate,
  rupees,
} from "./ledger";
import { refundNoticeWrites } from "./refund-notices";

/**
 * Refunds (ADR 0024). A destination charge is refunded with `reverse_transfer` and
 * `refund_application_fee`, so Stripe takes the mentor's part back from his transfer and gives the
 * platform's fee back in proportion. A held payment already transferred is refunded from the
 * platform and the mentor's part is taken back by reversing our transfer; one not transferred yet
 * is refunded only (the cron then transfers what is left: net - reversed). The ledger follows
 * Stripe's total refunded amount, so the moderator's refund and Stripe's `charge.refunded` event
 * agree whichever comes first.
 */

const StripeErrors = Stripe.errors;

/**
 * Takes the mentor's part of a refund back from the transfer of a held payment, up to `targetReversed`
 * in all. The key names the total, so the moderator's refund and Stripe's event never reverse twice.
 */
async function reverseHeldTransfer(payments: Payments, row: Earning, targetReversed: number): Promise<void> {
  const amount = targetReversed - row.reversedPaise;
  if (!row.transferId || amount <= 0) return;
  await payments.stripe.transfers.createReversal(
    row.transferId,
    { amount, metadata: { earningId: row.id, invoiceId: row.invoiceId } },
    { idempotencyKey: `reversal-${row.invoiceId}-${targetReversed}` },
  );
}

const reread = async (db: Db, id: string) => (await db.select().from(earnings).where(eq(earnings.id, id)))[0];

/** The ledger row as a refund left it, and the bell entries to push once its batch committed. */
export type RefundApplied = { row: Earning; told: Told[] };

/**
 * Brings the ledger row in line with Stripe's total refunded amount for its payment, moving the
 * mentor's part back where we moved it (held and transferred), in one batch with `alsoWrite` (the
 * event's record, the moderator's audit entry). The writer whose batch grows the total also writes
 * the refund's record, both parties' bell entries and mails in that batch (`refundNoticeWrites`):
 * its update only matches the total it read, so of the moderator's refund and Stripe's event for
 * it, one tells and the other finds the total already there. Returns the row as written.
 */
export async function applyRefundTotal(
  db: Db,
  payments: Payments,
  row: Earning,
  refundedTotal: number,
  now: Date,
  alsoWrite: BatchItem<"sqlite">[] = [],
  everyAttempt?: BatchItem<"sqlite">,
): Promise<RefundApplied> {
  let current = row;
  let extra = alsoWrite;
  for (let attempt = 0; attempt < 5; attempt++) {
    const untransferred = current.route === "held" && !current.transferId;
    // Held and transferred: take the mentor's part back from our transfer first (keyed by the total: never twice).
    if (current.route === "held" && current.transferId)
      await reverseHeldTransfer(payments, current, refundSplit(current, refundedTotal).reversedPaise);
    const grows = Math.min(refundedTotal, current.grossPaise) > current.refundedPaise;
    // Not transferred yet: the cron will transfer net - reversed. Guarded, in case it transfers meanwhile.
    const guard = and(
      untransferred ? isNull(earnings.transferId) : undefined,
      grows ? eq(earnings.refundedPaise, current.refundedPaise) : undefined,
    );
    const notices = grows ? await refundNoticeWrites(db, current, refundedTotal, now) : { writes: [], told: [] };
    const [updated] = (await db.batch([refundUpdate(db, current, refundedTotal, guard), ...notices.writes, ...extra])) as [
      Earning[],
      ...unknown[],
    ];
    if (updated[0]) return { row: updated[0], told: notices.told };
    // The event's record and the audit entry are written; what changed meanwhile (a transfer, another refund) is read again.
    extra = everyAttempt ? [everyAttempt] : [];
    const fresh = await reread(db, current.id);
    if (!fresh) return { row: current, told: [] };
    current = fresh;
  }
  return { row: current, told: [] };
}

/**
 * Who asks for a refund: a moderator (with his reason, in the audit log), or a mentee's own account deletion when
 * she chose "End it now" (ADR 0042: the unused calls of the period, named on the refund's record by the deletion).
 */
export type RefundActor = { kind: "moderator"; moderatorId: string; reason: string } | { kind: "account_deletion"; deletionId: string };

export type RefundInput = { earningId: string; amountPaise?: number; actor: RefundActor; now: Date };

/** The refund record of the total a refund moved to names who asked for it, whichever writer (ours, Stripe's event) wrote it. */
function requesterWrite(db: Db, row: Earning, refundedTotal: number, actor: RefundActor) {
  return db
    .update(refunds)
    .set({ requestedBy: actor.kind, accountDeletionId: actor.kind === "account_deletion" ? actor.deletionId : null })
    .where(and(eq(refunds.earningId, row.id), eq(refunds.refundedTotalPaise, Math.min(refundedTotal, row.grossPaise))));
}

/**
 * The one refund path (ADR 0024): a moderator refunds one paid invoice, in full (the default: what is left) or in part. The row is
 * taken first (the money lease, shared with the cron's transfer), so refunds of one payment run one
 * at a time: each checks the amount against what the one before it left (1 to what is left, in
 * whole paise) and reverses the mentor's part from what is recorded, and one made meanwhile is
 * refused with a 409 instead of refunding or reversing twice. Stripe refunds it, the ledger and the
 * audit log are written in one batch, and the updated line is returned.
 */
export async function refundPayment(db: Db, payments: Payments, input: RefundInput): Promise<{ line: EarningLine; told: Told[] }> {
  const [found] = await db
    .select({ id: earnings.id, firstName: mentees.firstName, lastName: mentees.lastName })
    .from(earnings)
    .innerJoin(mentees, eq(mentees.id, earnings.menteeId))
    .where(eq(earnings.id, input.earningId));
  if (!found) fail("NOT_FOUND", "This payment was not found. It may have been removed, or the link is wrong.");
  const reason = input.actor.kind === "moderator" ? input.actor.reason.trim() : "account deletion";
  if (reason.length < 3 || reason.length > 500) fail("BAD_REQUEST", "Please give a reason for the refund (3 to 500 characters).");

  const [row] = await db
    .update(earnings)
    .set({ transferClaimedAt: input.now })
    .where(and(eq(earnings.id, found.id), moneyLeaseFree(input.now)))
    .returning();
  if (!row)
    fail(
      "CONFLICT",
      "This payment is being refunded or paid out to the mentor right now. Reload its payments in a moment to see what is left, then try again if more should be refunded.",
    );
  try {
    const applied = await refundClaimed(db, payments, row, input, reason);
    const firsts = await firstPaymentIds(db, [applied.row.enrollmentId]);
    const kind = firsts.has(applied.row.id) ? "new" : "renewal";
    return { line: earningLine(applied.row, `${found.firstName} ${found.lastName}`, kind), told: applied.told };
  } finally {
    // Let go of the row, unless our lease ran out and someone else holds it now.
    await db
      .update(earnings)
      .set({ transferClaimedAt: null })
      .where(and(eq(earnings.id, row.id), eq(earnings.transferClaimedAt, input.now)));
  }
}

async function refundClaimed(db: Db, payments: Payments, row: Earning, input: RefundInput, reason: string): Promise<RefundApplied> {
  if (!row.paymentIntentId)
    fail(
      "UNPROCESSABLE_CONTENT",
      "This payment has no card payment on record, so it cannot be refunded here. Refund it in the Stripe dashboard.",
    );
  if (isDisputed(row))
    fail(
      "CONFLICT",
      "This payment is disputed with the mentee's bank, so it cannot be refunded while the dispute is open or after it was lost.",
    );
  const remaining = row.grossPaise - row.refundedPaise;
  if (remaining <= 0) fail("CONFLICT", "This payment is already fully refunded.");
  const amount = input.amountPaise ?? remaining;
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    fail("BAD_REQUEST", `The refund must be between ₹0.01 and ${rupees(remaining)} (what is left of this payment), in whole paise.`, {
      maxPaise: remaining,
    });
  }

  const destination = row.route === "destination";
  let refund: Stripe.Refund;
  try {
    refund = await payments.stripe.refunds.create(
      {
        payment_intent: row.paymentIntentId!,
        amount,
        ...(destination ? { reverse_transfer: true, refund_application_fee: true } : {}),
        reason: "requested_by_customer",
        metadata: {
          earningId: row.id,
          invoiceId: row.invoiceId,
          ...(input.actor.kind === "moderator" ? { moderatorId: input.actor.moderatorId } : { accountDeletionId: input.actor.deletionId }),
        },
      },
      // The same refund of the same state (a retry after a lost answer) is one refund.
      { idempotencyKey: `refund-${row.id}-${row.refundedPaise}-${amount}` },
    );
  } catch (error) {
    // Stripe refused this refund (e.g. more than is left after a refund made meanwhile in its dashboard): say why.
    if (error instanceof StripeErrors.StripeInvalidRequestError)
      fail("CONFLICT", `The payment provider refused this refund: ${error.message}`);
    return callStripe("refund", () => Promise.reject(error));
  }
  if (refund.status === "failed" || refund.status === "canceled")
    fail("BAD_GATEWAY", "The payment provider refused the refund. Nothing was refunded; please try again or use the Stripe dashboard.");
  // Stripe's total for the charge also counts refunds made elsewhere (its dashboard) whose event has not arrived yet.
  const chargeId = idOf(refund.charge);
  const stripeTotal = chargeId
    ? await payments.stripe.charges.retrieve(chargeId).then(
        (c) => c.amount_refunded,
        () => 0,
      )
    : 0;
  const refundedTotal = Math.max(row.refundedPaise + amount, stripeTotal);

  // A moderator's refund is in the audit log, naming him; a deletion's is named on the refund's record only (no moderator acted).
  const audit =
    input.actor.kind === "moderator"
      ? [
          auditInsert(db, {
            moderatorId: input.actor.moderatorId,
            action: "refund_payment",
            targetRole: "mentee",
            targetId: row.menteeId,
            reason,
            details: {
              earningId: row.id,
              invoiceId: row.invoiceId,
              mentorId: row.mentorId,
              amountPaise: amount,
              refundId: refund.id,
              route: row.route,
            },
          }),
        ]
      : [];
  // Stripe's own charge.refunded may have been recorded meanwhile: reverse from the row as it is now.
  const current = (await reread(db, row.id)) ?? row;
  const requester = requesterWrite(db, current, refundedTotal, input.actor);
  return callStripe("refund reversal", () =>
    applyRefundTotal(db, payments, current, refundedTotal, input.now, [...audit, requester], requester),
  );
}

/**
 * `charge.refunded` (a refund made here or in Stripe's dashboard): the charge is read back from
 * Stripe and the ledger takes its total refunded amount, in one batch with the event's record.
 */
export async function recordRefundEvent(
  db: Db,
  payments: Payments,
  event: Stripe.Event,
  chargeId: string,
  now: Date,
): Promise<MoneyOutcome> {
  const charge = await payments.stripe.charges.retrieve(chargeId);
  const intent = idOf(charge.payment_intent);
  const [row] = intent ? await db.select().from(earnings).where(eq(earnings.paymentIntentId, intent)) : [];
  const record = db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type });
  if (!row) {
    await db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
    return { kind: "unknown" };
  }
  try {
    const { told } = await applyRefundTotal(db, payments, row, charge.amount_refunded, now, [record]);
    return { kind: "money", change: "refund-recorded", earningId: row.id, told };
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    throw error;
  }
}
