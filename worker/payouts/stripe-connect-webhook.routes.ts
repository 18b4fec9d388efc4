import { Hono } from "hono";
import type { AppEnv } from "../platform/app-env";
import { requestNow } from "../platform/clock";
import type { WaitUntil } from "../platform/deps";
import type { Env } from "../platform/env";
import { receiveStripeEvent } from "../platform/ports/signed-stripe-event";
import { afterConnectEvent, handleConnectEvent } from "./connect-events";

/**
 * `POST /api/stripe/connect-webhook` (ADR 0024): the Connect endpoint's events about
 * mentors' accounts (`account.updated`) and their payouts, verified with the Connect endpoint's
 * own secret (see receiveStripeEvent for the signature and the answers).
 */
export function handleConnectWebhook(
  request: Request,
  env: Env,
  waitUntil: WaitUntil,
  requestId: string = crypto.randomUUID(),
): Promise<Response> {
  return receiveStripeEvent(
    request,
    env,
    { name: "Stripe Connect webhook", secret: (p) => p.connectWebhookSecret, requestId },
    async (event, { db, payments, config }) => {
      const now = requestNow(config, request);
      const outcome = await handleConnectEvent(db, payments, event, now);
      await afterConnectEvent({ db, env, waitUntil, now }, payments, outcome);
      return outcome.kind === "account"
        ? outcome.becameReady
          ? "account-ready"
          : "account-synced"
        : outcome.kind === "payout"
          ? `payout-${outcome.status}`
          : outcome.kind;
    },
  );
}

/** `POST /api/stripe/connect-webhook`: the raw body goes to signature verification untouched. */
export const stripeConnectWebhookRoutes = new Hono<AppEnv>();

stripeConnectWebhookRoutes.post("/api/stripe/connect-webhook", (c) =>
  handleConnectWebhook(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p), c.get("requestId")),
);
