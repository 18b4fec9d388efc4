import type Stripe from "stripe";
import type { Db } from "../../../db/client";
import { emitEvent, type LocalStripeEnv } from "./events";
import { getObject, putObject, type StripeObject, stripeId } from "./store";

export {
  buildEvent,
  type DeliveryOptions,
  deliverEvent,
  emitEvent,
  LOCAL_CONNECT_WEBHOOK_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  type LocalEvent,
  type LocalStripeEnv,
  type WebhookEndpoint,
} from "./events";

/**
 * The local Stripe's objects and their lifecycle (ADR 0010): checkout sessions, subscriptions, their
 * invoices, and the signed events each change sends to the Worker's webhook route, as Stripe does.
 */

export const DAY_S = 24 * 60 * 60;
export const nowS = () => Math.floor(Date.now() / 1000);
/** An instant in Stripe's unit: whole seconds since the epoch. */
export const secondsOf = (d: Date | number) => Math.floor((typeof d === "number" ? d : d.getTime()) / 1000);

/** One month later, same day of the month (as Stripe bills monthly). */
export function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "resource_missing",
  ) {
    super(message);
  }
}

export async function must<T extends StripeObject>(db: Db, id: string, what: string): Promise<T> {
  const found = await getObject<T>(db, id);
  if (!found) throw new StripeApiError(404, `No such ${what}: '${id}'`);
  return found;
}

export type Body = Record<string, unknown>;
export const metadataOf = (body: Body) => (body.metadata ?? {}) as Record<string, string>;

export type LocalSession = StripeObject & {
  status: "open" | "complete" | "expired";
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  amount_total: number;
  currency: string;
  line_items_price: string;
  subscription_metadata: Record<string, string>;
  /** Destination charges (ADR 0024): what the checkout's subscription_data asked for, copied onto the subscription. */
  subscription_transfer_data: { destination: string } | null;
  subscription_application_fee_percent: number | null;
  product_name: string;
  customer_email: string | null;
  expires_at: number;
  last_decline: boolean;
};

export type LocalSubscription = StripeObject & {
  status: Stripe.Subscription.Status;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: string | null; comment: null; feedback: null };
  metadata: Record<string, string>;
  /** Destination charges: each invoice's charge moves gross - application fee to this account. */
  transfer_data?: { destination: string } | null;
  application_fee_percent?: number | null;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: StripeObject;
      quantity: 1;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  latest_invoice: string | null;
  product_name: string;
  customer_email: string | null;
};

export async function createSession(db: Db, body: Body, pagesOrigin: string): Promise<LocalSession> {
  const lineItems = (body.line_items ?? []) as { price: string }[];
  const price = await must(db, String(lineItems[0]?.price), "price");
  const product = await must(db, String(price.product), "product");
  const customer = body.customer ? await must(db, String(body.customer), "customer") : null;
  const successUrl = String(body.success_url);
  const id = stripeId("cs_test");
  const subscriptionData = (body.subscription_data ?? {}) as {
    metadata?: Record<string, string>;
    transfer_data?: { destination?: string };
    application_fee_percent?: string;
  };
  const session: LocalSession = {
    id,
    object: "checkout.session",
    mode: body.mode,
    status: "open",
    payment_status: "unpaid",
    customer: String(body.customer),
    customer_email: (customer?.email as string | null) ?? null,
    client_reference_id: (body.client_reference_id as string) ?? null,
    metadata: metadataOf(body),
    subscription: null,
    success_url: successUrl,
    cancel_url: String(body.cancel_url),
    amount_total: Number(price.unit_amount),
    currency: String(price.currency),
    line_items_price: price.id,
    subscription_metadata: subscriptionData.metadata ?? {},
    subscription_transfer_data: subscriptionData.transfer_data?.destination
      ? { destination: subscriptionData.transfer_data.destination }
      : null,
    subscription_application_fee_percent:
      subscriptionData.application_fee_percent === undefined ? null : Number(subscriptionData.application_fee_percent),
    product_name: String(product.name),
    expires_at: Number(body.expires_at ?? nowS() + DAY_S),
    last_decline: false,
    url: `${pagesOrigin}/dev/stripe/checkout/${id}`,
    created: nowS(),
    livemode: false,
  };
  await putObject(db, session);
  return session;
}

/** A period in Stripe's unit (seconds): from `start` to one month later unless told. */
export type Period = { start: number; end: number };

/**
 * Pay: a subscription, its first invoice paid, the session complete, and their events (with `emit: false`, none: a test
 * then sends the ones it chooses, in its order). `period` is the first period (now to a month later by default).
 */
export async function paySession(
  local: LocalStripeEnv,
  db: Db,
  session: LocalSession,
  options: { period?: Period; emit?: boolean } = {},
): Promise<{ session: LocalSession; subscription: LocalSubscription; invoice: StripeObject }> {
  const price = await must(db, session.line_items_price, "price");
  const start = options.period?.start ?? nowS();
  const sub: LocalSubscription = {
    id: stripeId("sub"),
    object: "subscription",
    status: "active",
    customer: session.customer,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    metadata: session.subscription_metadata,
    transfer_data: session.subscription_transfer_data ?? null,
    application_fee_percent: session.subscription_application_fee_percent ?? null,
    items: {
      object: "list",
      data: [
        {
          id: stripeId("si"),
          object: "subscription_item",
          price,
          quantity: 1,
          current_period_start: start,
          current_period_end: options.period?.end ?? addMonth(start),
        },
      ],
    },
    latest_invoice: null,
    product_name: session.product_name,
    customer_email: session.customer_email,
    created: nowS(),
    livemode: false,
  };
  const invoice = await withPayment(db, sub, invoiceFor(sub, "paid", "subscription_create"));
  sub.latest_invoice = invoice.id;
  const completed: LocalSession = { ...session, status: "complete", payment_status: "paid", subscription: sub.id };
  await putObject(db, sub);
  await putObject(db, invoice);
  await putObject(db, completed);
  if (options.emit !== false) {
    await emitEvent(local, "customer.subscription.created", sub);
    await emitEvent(local, "checkout.session.completed", completed);
    await emitEvent(local, "invoice.paid", invoice);
  }
  return { session: completed, subscription: sub, invoice };
}

/** The checkout page's Pay: the session paid, and Stripe's three events. */
export async function completeSession(local: LocalStripeEnv, db: Db, session: LocalSession): Promise<LocalSession> {
  return (await paySession(local, db, session)).session;
}

export async function recordDecline(db: Db, session: LocalSession): Promise<void> {
  await putObject(db, { ...session, last_decline: true });
}

function invoiceFor(sub: LocalSubscription, status: "paid" | "open", reason: string): StripeObject {
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
async function withPayment(db: Db, sub: LocalSubscription, invoice: StripeObject): Promise<StripeObject> {
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

/** Development page (and tests, with `emit: false`): the next period is paid now. */
export async function renewSubscription(
  local: LocalStripeEnv,
  db: Db,
  sub: LocalSubscription,
  emit = true,
): Promise<{ subscription: LocalSubscription; invoice: StripeObject }> {
  const item = sub.items.data[0];
  const start = item.current_period_end;
  const renewed: LocalSubscription = {
    ...sub,
    status: "active",
    items: { ...sub.items, data: [{ ...item, current_period_start: start, current_period_end: addMonth(start) }] },
  };
  const invoice = await withPayment(db, renewed, invoiceFor(renewed, "paid", "subscription_cycle"));
  renewed.latest_invoice = invoice.id;
  await putObject(db, renewed);
  await putObject(db, invoice);
  if (emit) {
    await emitEvent(local, "customer.subscription.updated", renewed);
    await emitEvent(local, "invoice.paid", invoice);
  }
  return { subscription: renewed, invoice };
}

/** Development page (and tests, with `emit: false`): the renewal payment is declined; Stripe marks the subscription past due. */
export async function failRenewal(
  local: LocalStripeEnv,
  db: Db,
  sub: LocalSubscription,
  emit = true,
): Promise<{ subscription: LocalSubscription; invoice: StripeObject }> {
  const item = sub.items.data[0];
  const start = item.current_period_end;
  const pastDue: LocalSubscription = {
    ...sub,
    status: "past_due",
    items: { ...sub.items, data: [{ ...item, current_period_start: start, current_period_end: addMonth(start) }] },
  };
  const invoice = invoiceFor(pastDue, "open", "subscription_cycle");
  pastDue.latest_invoice = invoice.id;
  await putObject(db, pastDue);
  await putObject(db, invoice);
  if (emit) {
    await emitEvent(local, "customer.subscription.updated", pastDue);
    await emitEvent(local, "invoice.payment_failed", invoice);
  }
  return { subscription: pastDue, invoice };
}

/** Ends a subscription now: canceled by request, at its period end, or after failed payments. */
export async function endSubscription(
  local: LocalStripeEnv,
  db: Db,
  sub: LocalSubscription,
  reason: "cancellation_requested" | "payment_failed",
  emit = true,
): Promise<LocalSubscription> {
  const ended: LocalSubscription = {
    ...sub,
    status: "canceled",
    ended_at: nowS(),
    canceled_at: sub.canceled_at ?? nowS(),
    cancellation_details: { reason, comment: null, feedback: null },
  };
  await putObject(db, ended);
  if (emit) await emitEvent(local, "customer.subscription.deleted", ended);
  return ended;
}
