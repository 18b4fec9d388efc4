import Stripe from "stripe";
import type { Db } from "../../../db/client";
import { getObject, putObject, type StripeObject, stripeId } from "./store";

export const LOCAL_SECRET_KEY = "sk_test_local_mentorlink";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_mentorlink";
/** Signs the Connect events (mentors' accounts and payouts) the local Stripe posts to `/api/stripe/connect-webhook`. */
export const LOCAL_CONNECT_WEBHOOK_SECRET = "whsec_local_mentorlink_connect";
export const LOCAL_PUBLISHABLE_KEY = "pk_test_local_mentorlink";

/**
 * The local Stripe's objects and their lifecycle (ADR 0010): checkout sessions, subscriptions, their
 * invoices, and the signed events each change sends to the Worker's webhook route, as Stripe does.
 */

/** Delivers a signed event to the app's webhook route (`/api/stripe/webhook`), over HTTP as Stripe does. */
export type WebhookEndpoint = (request: Request) => Promise<Response>;

/**
 * The local Stripe's database (its own table, ./store.ts), where it delivers its events, and the
 * origin its pages are reached at (the checkout, onboarding and dashboard links it hands out).
 */
export type LocalStripeEnv = { db: Db; webhook: WebhookEndpoint; pagesOrigin: string };

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

/** Pay: a subscription, its first invoice paid, the session complete, and their events. */
export async function completeSession(local: LocalStripeEnv, db: Db, session: LocalSession): Promise<LocalSession> {
  const price = await must(db, session.line_items_price, "price");
  const start = nowS();
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
          current_period_end: addMonth(start),
        },
      ],
    },
    latest_invoice: null,
    product_name: session.product_name,
    customer_email: session.customer_email,
    created: start,
    livemode: false,
  };
  const invoice = await withPayment(db, sub, invoiceFor(sub, "paid", "subscription_create"));
  sub.latest_invoice = invoice.id;
  const completed: LocalSession = { ...session, status: "complete", payment_status: "paid", subscription: sub.id };
  await putObject(db, sub);
  await putObject(db, invoice);
  await putObject(db, completed);
  await emitEvent(local, "customer.subscription.created", sub);
  await emitEvent(local, "checkout.session.completed", completed);
  await emitEvent(local, "invoice.paid", invoice);
  return completed;
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

/** Development page: the next period is paid now. */
export async function renewSubscription(local: LocalStripeEnv, db: Db, sub: LocalSubscription): Promise<void> {
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
  await emitEvent(local, "customer.subscription.updated", renewed);
  await emitEvent(local, "invoice.paid", invoice);
}

/** Development page: the renewal payment is declined; Stripe marks the subscription past due. */
export async function failRenewal(local: LocalStripeEnv, db: Db, sub: LocalSubscription): Promise<void> {
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
  await emitEvent(local, "customer.subscription.updated", pastDue);
  await emitEvent(local, "invoice.payment_failed", invoice);
}

/** Ends a subscription now: canceled by request, at its period end, or after failed payments. */
export async function endSubscription(
  local: LocalStripeEnv,
  db: Db,
  sub: LocalSubscription,
  reason: "cancellation_requested" | "payment_failed",
): Promise<LocalSubscription> {
  const ended: LocalSubscription = {
    ...sub,
    status: "canceled",
    ended_at: nowS(),
    canceled_at: sub.canceled_at ?? nowS(),
    cancellation_details: { reason, comment: null, feedback: null },
  };
  await putObject(db, ended);
  await emitEvent(local, "customer.subscription.deleted", ended);
  return ended;
}

/**
 * Signs an event with the local webhook secret (a Connect event: with the Connect secret, to the Connect route) and posts it, as Stripe does.
 * It waits for the route's answer, so a call that changed something returns once the app has taken
 * the change in.
 */
export async function emitEvent(local: LocalStripeEnv, type: string, object: StripeObject, connect?: { account: string }): Promise<void> {
  // A Connect event names its connected account and goes to the Connect endpoint, signed with that endpoint's secret.
  const [path, secret, label] = connect
    ? ["/api/stripe/connect-webhook", LOCAL_CONNECT_WEBHOOK_SECRET, "Connect webhook"]
    : ["/api/stripe/webhook", LOCAL_WEBHOOK_SECRET, "webhook"];
  const event = {
    id: stripeId("evt"),
    object: "event",
    type,
    ...(connect ? { account: connect.account } : {}),
    api_version: Stripe.API_VERSION,
    created: nowS(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const request = new Request(`http://local-stripe${path}`, {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json" },
    body: payload,
  });
  const response = await local.webhook(request);
  if (!response.ok) console.error(`local Stripe: the ${label} answered ${response.status} to ${type}`, await response.text());
}
