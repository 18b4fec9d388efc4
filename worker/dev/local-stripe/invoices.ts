import type { Db } from "../../../db/client";
import type { LocalSubscription } from "./objects";
import { nowS } from "./objects";
import { putObject, type StripeObject, stripeId } from "./store";

/** A subscription's invoices and the payment of a paid one, as the local Stripe writes them on payment and renewal. */

export function invoiceFor(sub: LocalSubscription, status: "paid" | "open", reason: string): StripeObject {
  const item = sub.items.data[0];
  return {
    id: stripeId("in"),
    object: "invoice",
    status,
    billing_reason: reason,
    customer: sub.customer,
    currency: item.price.currency,
    amount_due: item.price.unit_amount,
    amount_paid: status === "paid" ? item.price.unit_amount : 0,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: "list",
      data: [
        {
          id: stripeId("il"),
          object: "line_item",
          amount: item.price.unit_amount,
          period: { start: item.current_period_start, end: item.current_period_end },
        },
      ],
    },
    created: nowS(),
    livemode: false,
  };
}

/**
 * A paid invoice's payment: a PaymentIntent and its charge, named by the invoice's
 * `payments` (Stripe's `expand[]=payments`). A destination subscription's charge moves the mentor's
 * share to his account as Stripe does: a transfer of gross - application fee, named by the charge.
 */
export async function withPayment(db: Db, sub: LocalSubscription, invoice: StripeObject): Promise<StripeObject> {
  const amount = Number(invoice.amount_paid);
  if (!(amount > 0)) return invoice;
  const currency = String(invoice.currency ?? "inr");
  const intentId = stripeId("pi");
  const charge: StripeObject = {
    id: stripeId("ch"),
    object: "charge",
    amount,
    amount_refunded: 0,
    refunded: false,
    currency,
    payment_intent: intentId,
    invoice: invoice.id,
    transfer: null,
    application_fee_amount: null,
    disputed: false,
    created: nowS(),
    livemode: false,
  };
  const destination = sub.transfer_data?.destination;
  if (destination) {
    const fee = Math.round((amount * Number(sub.application_fee_percent ?? 0)) / 100);
    const transfer = {
      id: stripeId("tr"),
      object: "transfer",
      amount: amount - fee,
      currency,
      destination,
      amount_reversed: 0,
      reversed: false,
      reversals: { object: "list", data: [] },
      source_transaction: charge.id,
      transfer_group: `group_${intentId}`,
      metadata: {},
      created: nowS(),
      livemode: false,
    };
    await putObject(db, transfer);
    charge.transfer = transfer.id;
    charge.application_fee_amount = fee;
  }
  await putObject(db, charge);
  await putObject(db, {
    id: intentId,
    object: "payment_intent",
    amount,
    currency,
    status: "succeeded",
    latest_charge: charge.id,
    invoice: invoice.id,
    created: nowS(),
    livemode: false,
  });
  const paidAt = nowS();
  return {
    ...invoice,
    status_transitions: { paid_at: paidAt },
    payments: {
      object: "list",
      data: [
        {
          id: stripeId("inpay"),
          object: "invoice_payment",
          invoice: invoice.id,
          status: "paid",
          payment: { type: "payment_intent", payment_intent: intentId },
        },
      ],
      has_more: false,
    },
  };
}
