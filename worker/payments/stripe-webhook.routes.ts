import { Hono } from "hono";
import { deliverMailSoon } from "../mail/mail";
import { tellMentorAboutMoney } from "../payouts/money-notices";
import { announce } from "../payouts/refund-notices";
import type { AppEnv } from "../platform/app-env";
import { requestNow } from "../platform/clock";
import type { WaitUntil } from "../platform/deps";
import type { Env } from "../platform/env";
import { receiveStripeEvent } from "../platform/ports/signed-stripe-event";
import { deletionStandingOf, endSubscriptionPaidWhileLeaving } from "../privacy/paid-while-leaving";
import { handleEvent, tellPeople } from "./webhook";

/**
 * `POST /api/stripe/webhook`: the source of truth for enrollment state and the ledger. Each event is
 * handled once (see receiveStripeEvent for the signature and the answers).
 */
export function handleStripeWebhook(
  request: Request,
  env: Env,
  waitUntil: WaitUntil,
  requestId: string = crypto.randomUUID(),
): Promise<Response> {
  return receiveStripeEvent(
    request,
    env,
    { name: "Stripe webhook", secret: (p) => p.webhookSecret, requestId },
    async (event, { db, payments, config }) => {
      const now = requestNow(config, request);
      const outcome = await handleEvent(db, payments, event, { feePercent: config.PLATFORM_FEE_PERCENT, now });
      const deps = { db, env, waitUntil, now };
      if (outcome.kind === "changed") {
        // A checkout paid while one of them is deleting his account, or after, does not run on (ADR 0042).
        const standing = outcome.change === "activated" ? await deletionStandingOf(db, outcome.enrollment) : null;
        if (standing !== "erased") await tellPeople(deps, outcome);
        if (standing) await endSubscriptionPaidWhileLeaving(deps, payments, outcome.enrollment, standing);
      }
      if (outcome.kind === "money") {
        // A refund's notices and mails were written with it; a dispute's notice follows the commit.
        announce(deps, outcome.told ?? []);
        await tellMentorAboutMoney(deps, outcome);
      }
      // A paid invoice's receipt was written with the event: send it now.
      if (event.type === "invoice.paid" && outcome.kind !== "duplicate-event") deliverMailSoon(env, waitUntil);
      return outcome.kind === "changed" || outcome.kind === "money" ? outcome.change : outcome.kind;
    },
  );
}

/** `POST /api/stripe/webhook`: the raw body goes to signature verification untouched. */
export const stripeWebhookRoutes = new Hono<AppEnv>();

stripeWebhookRoutes.post("/api/stripe/webhook", (c) =>
  handleStripeWebhook(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p), c.get("requestId")),
);
