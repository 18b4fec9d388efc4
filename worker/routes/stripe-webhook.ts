import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../app-env";
import { dbFor } from "../database";
import { readConfig, type Env } from "../env";
import { handleEvent, tellPeople } from "../services/payments/webhook";
import { deliverMailSoon } from "../services/mail";
import { tellMentorAboutMoney } from "../services/payouts/money-notices";
import { cryptoProvider, paymentsFor, WEBHOOK_TOLERANCE_SECONDS } from "../services/payments/stripe-client";
import { logFailure, publicError, RETRY_AFTER_SECONDS } from "../trpc/errors";

type Waiter = (promise: Promise<unknown>) => void;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * `POST /api/stripe/webhook`: the source of truth for enrollment state. Verifies the signature
 * over the raw body (Web Crypto, 300 s tolerance), handles each event once, answers 400 to a bad
 * signature, 200 to everything accepted, and 503 when it could not finish (Stripe retries).
 */
export async function handleStripeWebhook(request: Request, env: Env, waitUntil: Waiter, requestId: string = crypto.randomUUID()): Promise<Response> {
  const config = readConfig(env);
  const payments = paymentsFor({ env });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return json({ message: "Missing Stripe-Signature header." }, 400);
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(payload, signature, payments.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
  } catch {
    return json({ message: "The webhook signature is not valid." }, 400);
  }
  const db = dbFor(config);
  try {
    const outcome = await handleEvent(db, payments, event, { feePercent: config.PLATFORM_FEE_PERCENT });
    if (outcome.kind === "changed") await tellPeople(db, env, waitUntil, outcome);
    if (outcome.kind === "money") await tellMentorAboutMoney(db, env, waitUntil, outcome);
    // A paid invoice's receipt was written with the event (issue 23): send it now.
    if (event.type === "invoice.paid" && outcome.kind !== "duplicate-event") deliverMailSoon(env, waitUntil);
    return json({ received: true, outcome: outcome.kind === "changed" || outcome.kind === "money" ? outcome.change : outcome.kind });
  } catch (error) {
    // Nothing of the event was recorded (its effect and its id commit together), so Stripe's retry
    // handles it again. A dependency that failed (the database, Stripe's API) is a 503, not a 500.
    logFailure(requestId, `Stripe webhook ${event.type} ${event.id}`, publicError(error));
    return new Response(JSON.stringify({ message: "The event could not be handled now; Stripe will retry." }), {
      status: 503,
      headers: { "content-type": "application/json", "retry-after": String(RETRY_AFTER_SECONDS) },
    });
  }
}


/** `POST /api/stripe/webhook`: the raw body goes to signature verification untouched. */
export const stripeWebhookRoutes = new Hono<AppEnv>();

stripeWebhookRoutes.post("/api/stripe/webhook", (c) => handleStripeWebhook(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p), c.get("requestId")));
