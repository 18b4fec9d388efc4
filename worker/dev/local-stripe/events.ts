import Stripe from "stripe";
import type { Db } from "../../../db/client";
import { type StripeObject, stripeId } from "./store";

/** The local Stripe's keys and events (ADR 0010, ADR 0033): events written as Stripe writes them, signed, and posted to the app's webhook routes. */

export const LOCAL_SECRET_KEY = "sk_test_local_mentorlink";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_mentorlink";
/** Signs the Connect events (mentors' accounts and payouts) the local Stripe posts to `/api/stripe/connect-webhook`. */
export const LOCAL_CONNECT_WEBHOOK_SECRET = "whsec_local_mentorlink_connect";
export const LOCAL_PUBLISHABLE_KEY = "pk_test_local_mentorlink";

/** Delivers a signed event to the app's webhook route (`/api/stripe/webhook`), over HTTP as Stripe does. */
export type WebhookEndpoint = (request: Request) => Promise<Response>;

/**
 * The local Stripe's database (its own table, ./store.ts), where it delivers its events, and the
 * origin its pages are reached at (the checkout, onboarding and dashboard links it hands out).
 */
export type LocalStripeEnv = { db: Db; webhook: WebhookEndpoint; pagesOrigin: string };

const nowS = () => Math.floor(Date.now() / 1000);

export type LocalEvent = { id: string; type: string; account?: string; data: { object: StripeObject } } & StripeObject;

/** An event as Stripe writes one; a Connect event names its connected account. */
export function buildEvent(type: string, object: StripeObject, account?: string): LocalEvent {
  return {
    id: stripeId("evt"),
    object: "event",
    type,
    ...(account ? { account } : {}),
    api_version: Stripe.API_VERSION,
    created: nowS(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** How a test bends a delivery (a wrong secret, an old timestamp, a body changed after signing) to see the app refuse it. */
export type DeliveryOptions = { secret?: string; timestamp?: number; tamper?: boolean };

/**
 * Signs the event with its endpoint's secret and posts it, as Stripe does: a Connect event (one naming an account) to
 * `/api/stripe/connect-webhook` with the Connect secret, any other to `/api/stripe/webhook`. Answers the app's reply.
 */
export async function deliverEvent(local: LocalStripeEnv, event: LocalEvent, options: DeliveryOptions = {}): Promise<Response> {
  const [path, secret] = event.account
    ? ["/api/stripe/connect-webhook", LOCAL_CONNECT_WEBHOOK_SECRET]
    : ["/api/stripe/webhook", LOCAL_WEBHOOK_SECRET];
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return local.webhook(
    new Request(`http://local-stripe${path}`, {
      method: "POST",
      headers: { "stripe-signature": signature, "content-type": "application/json" },
      body: options.tamper ? payload.replace("event", "evenT") : payload,
    }),
  );
}

/**
 * Signs an event with the local webhook secret (a Connect event: with the Connect secret, to the Connect route) and posts it, as Stripe does.
 * It waits for the route's answer, so a call that changed something returns once the app has taken
 * the change in.
 */
export async function emitEvent(local: LocalStripeEnv, type: string, object: StripeObject, connect?: { account: string }): Promise<void> {
  const response = await deliverEvent(local, buildEvent(type, object, connect?.account));
  const label = connect ? "Connect webhook" : "webhook";
  if (!response.ok) console.error(`local Stripe: the ${label} answered ${response.status} to ${type}`, await response.text());
}
