import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { handleStripeWebhook } from "../services/payments/webhook";

/** `POST /api/stripe/webhook`: the raw body goes to signature verification untouched. */
export const stripeWebhookRoutes = new Hono<AppEnv>();

stripeWebhookRoutes.post("/api/stripe/webhook", (c) => handleStripeWebhook(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p), c.get("requestId")));
