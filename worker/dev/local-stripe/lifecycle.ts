import type { Db } from "../../../db/client";
import { emitEvent, type LocalStripeEnv } from "./events";
import { invoiceFor, withPayment } from "./invoices";
import { addMonth, type Body, DAY_S, type LocalSession, type LocalSubscription, metadataOf, must, nowS, type Period } from "./objects";
import { putObject, type StripeObject, stripeId } from "./store";

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
export {
  addMonth,
  type Body,
  DAY_S,
  type LocalSession,
  type LocalSubscription,
  metadataOf,
  must,
  nowS,
  type Period,
  StripeApiError,
  secondsOf,
} from "./objects";

/**
 * The local Stripe's objects and their lifecycle (ADR 0010): checkout sessions, subscriptions, their
 * invoices, and the signed events each change sends to the Worker's webhook route, as Stripe does.
 */

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

/**
 * Moves a subscription into its next period with `status`, with that period's invoice, saves both, and (with `emit`)
 * sends Stripe's two events: the subscription updated, then what happened to the invoice.
 */
async function startNextPeriod(
  local: LocalStripeEnv,
  db: Db,
  sub: LocalSubscription,
  next: { status: LocalSubscription["status"]; invoice: (sub: LocalSubscription) => Promise<StripeObject> | StripeObject; event: string },
  emit: boolean,
): Promise<{ subscription: LocalSubscription; invoice: StripeObject }> {
  const item = sub.items.data[0];
  const start = item.current_period_end;
  const subscription: LocalSubscription = {
    ...sub,
    status: next.status,
    items: { ...sub.items, data: [{ ...item, current_period_start: start, current_period_end: addMonth(start) }] },
  };
  const invoice = await next.invoice(subscription);
  subscription.latest_invoice = invoice.id;
  await putObject(db, subscription);
  await putObject(db, invoice);
  if (emit) {
    await emitEvent(local, "customer.subscription.updated", subscription);
    await emitEvent(local, next.event, invoice);
  }
  return { subscription, invoice };
}

/** Development page (and tests, with `emit: false`): the next period is paid now. */
export function renewSubscription(local: LocalStripeEnv, db: Db, sub: LocalSubscription, emit = true) {
  const invoice = (renewed: LocalSubscription) => withPayment(db, renewed, invoiceFor(renewed, "paid", "subscription_cycle"));
  return startNextPeriod(local, db, sub, { status: "active", invoice, event: "invoice.paid" }, emit);
}

/** Development page (and tests, with `emit: false`): the renewal payment is declined; Stripe marks the subscription past due. */
export function failRenewal(local: LocalStripeEnv, db: Db, sub: LocalSubscription, emit = true) {
  const invoice = (pastDue: LocalSubscription) => invoiceFor(pastDue, "open", "subscription_cycle");
  return startNextPeriod(local, db, sub, { status: "past_due", invoice, event: "invoice.payment_failed" }, emit);
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
