import Stripe from "stripe";
import type { Env } from "../../env";
import { fail } from "../domain-error";
import { thirdPartiesOf, type Payments } from "../third-parties";

/** Webhook signatures older than this are refused (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Where a Stripe client sends its calls: Stripe's keys, and a fake's address or an in-process fetch in development. */
export type StripeConnection = {
  secretKey: string;
  webhookSecret: string;
  connectWebhookSecret: string;
  publishableKey: string;
  /** A fake Stripe API (development and tests: STRIPE_API_URL). */
  api?: URL;
  /** Answers the calls in process instead of the network (the local Stripe, worker/dev/local-stripe). */
  fetch?: typeof fetch;
};

/** A stripe-node client over Workers' fetch (ADR 0010); the entry picks the connection (worker/third-parties.ts). */
export function connectStripe(connection: StripeConnection): Payments {
  const { api } = connection;
  const stripe = new Stripe(connection.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    httpClient: Stripe.createFetchHttpClient(connection.fetch),
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol === "https:" ? "https" : "http" } : {}),
  });
  return { stripe, webhookSecret: connection.webhookSecret, connectWebhookSecret: connection.connectWebhookSecret, publishableKey: connection.publishableKey, local: Boolean(connection.fetch) };
}

/** The only way the Worker reaches Stripe: the client the entry chose for these bindings. */
export const paymentsFor = ({ env }: { env: Env }): Payments => thirdPartiesOf(env).payments;

/** Runs a Stripe call; a Stripe failure becomes a clear 502 instead of a 500. */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      console.error(`Stripe: ${what} failed`, error.type, error.code, error.message);
      fail("BAD_GATEWAY", "The payment provider could not be reached. Please try again in a minute.");
    }
    throw error;
  }
}
