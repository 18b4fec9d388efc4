import type Stripe from "stripe";
import type { Db } from "../../../db/client";
import { dbFor } from "../database";
import { type Config, type Env, readConfig } from "../env";
import { logFailure, publicError, RETRY_AFTER_SECONDS } from "../errors";
import { cryptoProvider, paymentsFor, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-client";
import type { Payments } from "./third-parties";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export type StripeEventContext = { db: Db; payments: Payments; config: Config };

/**
 * One way to take a Stripe webhook (the platform's endpoint and the Connect endpoint, ADR 0010 and
 * 0024): the signature over the raw body with that endpoint's secret (Web Crypto, 300 s tolerance),
 * 400 to a missing or bad signature, then `handle`, whose answer names the outcome (200), and 503
 * when it could not finish (its effect and the event's id commit together, so Stripe's retry
 * handles it again; a dependency that failed is a 503, not a 500).
 */
export async function receiveStripeEvent(
  request: Request,
  env: Env,
  endpoint: { name: string; secret: (payments: Payments) => string; requestId: string },
  handle: (event: Stripe.Event, context: StripeEventContext) => Promise<string>,
): Promise<Response> {
  const config = readConfig(env);
  const payments = paymentsFor({ env });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return json({ message: "Missing Stripe-Signature header." }, 400);
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(
      payload,
      signature,
      endpoint.secret(payments),
      WEBHOOK_TOLERANCE_SECONDS,
      cryptoProvider,
    );
  } catch {
    return json({ message: "The webhook signature is not valid." }, 400);
  }
  try {
    const outcome = await handle(event, { db: dbFor(config), payments, config });
    return json({ received: true, outcome });
  } catch (error) {
    logFailure(endpoint.requestId, `${endpoint.name} ${event.type} ${event.id}`, publicError(error));
    return json({ message: "The event could not be handled now; Stripe will retry." }, 503, { "retry-after": String(RETRY_AFTER_SECONDS) });
  }
}
