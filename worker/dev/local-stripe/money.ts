import type { Db } from "../../../db/client";
import type { LocalCall } from "./connect";
import type { LocalTransfer } from "./connect-accounts";
import { emitEvent, type LocalStripeEnv, must, nowS, StripeApiError } from "./lifecycle";
import { listObjects, putObject, type StripeObject, stripeId } from "./store";

/**
 * The local Stripe's money movements (ADR 0024): invoices read back with their payments,
 * charges, refunds (with `reverse_transfer` and `refund_application_fee` acting on a destination
 * charge's transfer, and Stripe's `charge.refunded` event), transfers listed by group, and disputes
 * opened and closed from the development page. Answers a call it knows, or undefined.
 */

export type LocalCharge = StripeObject & {
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  invoice: string;
  transfer: string | null;
  application_fee_amount: number | null;
  disputed: boolean;
};

export type LocalDispute = StripeObject & {
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: string;
  reason: string;
  created: number;
};

const metadataOf = (body: Record<string, unknown>) => (body.metadata ?? {}) as Record<string, string>;

function amountOf(value: unknown): number {
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount < 1) throw new StripeApiError(400, "Invalid positive integer", "parameter_invalid_integer");
  return amount;
}

/** The charge that paid a PaymentIntent. */
async function chargeOfIntent(db: Db, intentId: string): Promise<LocalCharge> {
  const intent = await must(db, intentId, "payment_intent");
  return must<LocalCharge>(db, String(intent.latest_charge), "charge");
}

async function reverseTransfer(db: Db, transferId: string, amount: number, metadata: Record<string, string>): Promise<StripeObject | null> {
  if (amount <= 0) return null;
  const transfer = await must<LocalTransfer>(db, transferId, "transfer");
  const take = Math.min(amount, transfer.amount - transfer.amount_reversed);
  const reversal = {
    id: stripeId("trr"),
    object: "transfer_reversal",
    amount: take,
    currency: transfer.currency,
    transfer: transfer.id,
    metadata,
    created: nowS(),
  };
  const reversed = transfer.amount_reversed + take;
  await putObject(db, {
    ...transfer,
    amount_reversed: reversed,
    reversed: reversed >= transfer.amount,
    reversals: { object: "list", data: [...transfer.reversals.data, reversal] },
  });
  return reversal;
}

/** A refund (the API's `POST /v1/refunds`, and the development page's Refund, as Stripe's dashboard makes one). */
export async function refundCharge(local: LocalStripeEnv, db: Db, body: Record<string, unknown>): Promise<StripeObject> {
  const charge = body.payment_intent
    ? await chargeOfIntent(db, String(body.payment_intent))
    : await must<LocalCharge>(db, String(body.charge), "charge");
  const left = charge.amount - charge.amount_refunded;
  const amount = body.amount === undefined ? left : amountOf(body.amount);
  if (charge.disputed) throw new StripeApiError(400, `Charge ${charge.id} has been disputed and cannot be refunded.`, "charge_disputed");
  if (amount > left)
    throw new StripeApiError(
      400,
      `Refund amount (₹${amount / 100}) is greater than unrefunded amount on charge (₹${left / 100})`,
      "amount_too_large",
    );
  // Destination charge: the transfer is reversed, and the application fee refunded, in proportion to the refund.
  const reversal =
    body.reverse_transfer === "true" && charge.transfer
      ? await reverseTransfer(
          db,
          charge.transfer,
          Math.floor(((await must<LocalTransfer>(db, charge.transfer, "transfer")).amount * amount) / charge.amount),
          { refund: "yes" },
        )
      : null;
  const feeRefunded =
    body.refund_application_fee === "true" && charge.application_fee_amount
      ? Math.floor((charge.application_fee_amount * amount) / charge.amount)
      : 0;
  const created = {
    id: stripeId("re"),
    object: "refund",
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    status: "succeeded",
    reason: body.reason ?? null,
    metadata: metadataOf(body),
    transfer_reversal: reversal?.id ?? null,
    application_fee_refunded: feeRefunded,
    created: nowS(),
    livemode: false,
  };
  await putObject(db, created);
  const refunded: LocalCharge = {
    ...charge,
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount >= charge.amount,
  };
  await putObject(db, refunded);
  await emitEvent(local, "charge.refunded", refunded);
  return created;
}

export async function routeMoney(local: LocalStripeEnv, db: Db, call: LocalCall): Promise<unknown> {
  const { key, id, body } = call;
  switch (key) {
    case "GET invoices/:id":
      // Stored with its payments, so `expand[]=payments` is always answered.
      return must(db, String(id), "invoice");
    case "GET charges/:id":
      return must(db, String(id), "charge");
    case "GET payment_intents/:id":
      return must(db, String(id), "payment_intent");
    case "GET disputes/:id":
      return must(db, String(id), "dispute");
    case "GET refunds/:id":
      return must(db, String(id), "refund");
    case "POST refunds":
      return refundCharge(local, db, body);
    case "GET transfers": {
      const group = body.transfer_group as string | undefined;
      const data = (await listObjects<LocalTransfer>(db, "transfer", 100_000)).filter((t) => !group || t.transfer_group === group);
      return { object: "list", data, has_more: false, url: "/v1/transfers" };
    }
    default:
      return undefined;
  }
}

/** Development page: the mentee's bank disputes the charge (needs_response), and Stripe tells the webhook. */
export async function openDispute(local: LocalStripeEnv, db: Db, chargeId: string, emit = true): Promise<LocalDispute> {
  const charge = await must<LocalCharge>(db, chargeId, "charge");
  if (charge.disputed) throw new StripeApiError(400, "This charge is already disputed.", "charge_already_disputed");
  const dispute: LocalDispute = {
    id: stripeId("dp"),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    status: "needs_response",
    reason: "fraudulent",
    created: nowS(),
    livemode: false,
  };
  await putObject(db, dispute);
  await putObject(db, { ...charge, disputed: true, dispute: dispute.id });
  if (emit) await emitEvent(local, "charge.dispute.created", dispute);
  return dispute;
}

/** Development page: the bank decided the dispute. */
export async function closeDispute(
  local: LocalStripeEnv,
  db: Db,
  disputeId: string,
  outcome: "won" | "lost",
  emit = true,
): Promise<LocalDispute> {
  const dispute = await must<LocalDispute>(db, disputeId, "dispute");
  if (dispute.status === "won" || dispute.status === "lost")
    throw new StripeApiError(400, "This dispute is already closed.", "dispute_already_closed");
  const closed: LocalDispute = { ...dispute, status: outcome };
  await putObject(db, closed);
  if (emit) await emitEvent(local, "charge.dispute.closed", closed);
  return closed;
}

/** The paid invoices' charges for the development page, newest first, with their dispute's status if any. */
export async function chargesForPage(db: Db): Promise<(LocalCharge & { disputeStatus: string | null })[]> {
  const [charges, disputes] = await Promise.all([
    listObjects<LocalCharge>(db, "charge", 50),
    listObjects<LocalDispute>(db, "dispute", 200),
  ]);
  return charges.map((c) => ({ ...c, disputeStatus: disputes.find((d) => d.charge === c.id)?.status ?? null }));
}

/** The dispute of a charge, if any. */
export async function disputeOfCharge(db: Db, chargeId: string): Promise<LocalDispute | null> {
  return (await listObjects<LocalDispute>(db, "dispute", 200)).find((d) => d.charge === chargeId) ?? null;
}
