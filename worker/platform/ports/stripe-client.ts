import Stripe from "stripe";
import { fail } from "../domain-error";
import type { Env } from "../env";
import { type Payments, thirdPartiesOf } from "./third-parties";

/** Webhook signatures older than this are refused (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Where a Stripe client sends its calls: Stripe's keys, and in development the local Stripe's address (ADR 0033). */
export type StripeConnection = {
  secretKey: string;
  webhookSecret: string;
  connectWebhookSecret: string;
  publishableKey: string;
  /** The local Stripe, or a test's scripted Stripe (development and tests: STRIPE_API_URL). */
  api?: URL;
};

/** A stripe-node client over Workers' fetch (ADR 0010); the entry picks the connection (worker/third-parties.ts). */
export function connectStripe(connection: StripeConnection): Payments {
  const { api } = connection;
  const stripe = new Stripe(connection.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    httpClient: Stripe.createFetchHttpClient(),
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return {
    stripe,
    webhookSecret: connection.webhookSecret,
    connectWebhookSecret: connection.connectWebhookSecret,
    publishableKey: connection.publishableKey,
  };
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
