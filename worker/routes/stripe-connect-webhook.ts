import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../app-env";
import { dbFor } from "../database";
import { readConfig, type Env } from "../env";
import { afterConnectEvent, handleConnectEvent } from "../services/payouts/connect-events";
import { requestNow } from "../services/clock";
import { cryptoProvider, paymentsFor, WEBHOOK_TOLERANCE_SECONDS } from "../services/payments/stripe-client";
import { logFailure, publicError, RETRY_AFTER_SECONDS } from "../trpc/errors";

type Waiter = (promise: Promise<unknown>) => void;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * `POST /api/stripe/connect-webhook` (issue 24, ADR 0024): the Connect endpoint's events about
 * mentors' accounts (`account.updated`) and their payouts. Verified as `/api/stripe/webhook` is,
 * with the Connect endpoint's own secret: 400 to a bad signature, 200 to everything accepted, 503
 * when it could not finish (Stripe retries).
 */
export async function handleConnectWebhook(request: Request, env: Env, waitUntil: Waiter, requestId: string = crypto.randomUUID()): Promise<Response> {
  const config = readConfig(env);
  const payments = paymentsFor({ env });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return json({ message: "Missing Stripe-Signature header." }, 400);
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(payload, signature, payments.connectWebhookSecret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
  } catch {
    return json({ message: "The webhook signature is not valid." }, 400);
  }
  const db = dbFor(config);
  const now = requestNow(config, request);
  try {
    const outcome = await handleConnectEvent(db, payments, event, now);
    await afterConnectEvent(db, env, payments, waitUntil, outcome, now);
    const detail = outcome.kind === "account" ? (outcome.becameReady ? "account-ready" : "account-synced") : outcome.kind === "payout" ? `payout-${outcome.status}` : outcome.kind;
    return json({ received: true, outcome: detail });
  } catch (error) {
    // Nothing of the event was recorded (its effect and its id commit together), so Stripe's retry handles it again.
    logFailure(requestId, `Stripe Connect webhook ${event.type} ${event.id}`, publicError(error));
    return new Response(JSON.stringify({ message: "The event could not be handled now; Stripe will retry." }), {
      status: 503,
      headers: { "content-type": "application/json", "retry-after": String(RETRY_AFTER_SECONDS) },
    });
  }
}

/** `POST /api/stripe/connect-webhook`: the raw body goes to signature verification untouched. */
export const stripeConnectWebhookRoutes = new Hono<AppEnv>();

stripeConnectWebhookRoutes.post("/api/stripe/connect-webhook", (c) => handleConnectWebhook(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p), c.get("requestId")));
