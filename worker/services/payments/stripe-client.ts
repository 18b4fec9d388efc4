import Stripe from "stripe";
import { isDevelopment, type Config, type Env } from "../../env";
import { fail } from "../domain-error";
import { localStripeFetch, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET } from "../../dev/local-stripe/api";

/** Webhook signatures older than this are refused (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type Payments = {
  stripe: Stripe;
  webhookSecret: string;
  publishableKey: string;
  /** The built-in local Stripe answers (development without a key). */
  local: boolean;
};

export const cryptoProvider = Stripe.createSubtleCryptoProvider();

type PaymentsEnv = { config: Config; env: Env; waitUntil: (promise: Promise<unknown>) => void };

/**
 * The only way the Worker reaches Stripe (ADR 0010). Production: api.stripe.com with the secrets.
 * Development: a fake at STRIPE_API_URL when set, else, with no key, the built-in local Stripe,
 * reached through the same stripe-node client and fetch HTTP client, in process.
 */
export function paymentsFor({ config, env, waitUntil }: PaymentsEnv): Payments {
  const development = isDevelopment(config);
  const local = development && !config.STRIPE_SECRET_KEY && !config.STRIPE_API_URL;
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  let stripe: Stripe;
  if (local) {
    stripe = new Stripe(LOCAL_SECRET_KEY, { ...base, httpClient: Stripe.createFetchHttpClient((input, init) => localStripeFetch({ env, waitUntil }, input, init)) });
  } else {
    const api = development && config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    stripe = new Stripe(config.STRIPE_SECRET_KEY ?? LOCAL_SECRET_KEY, {
      ...base,
      httpClient: Stripe.createFetchHttpClient(),
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol === "https:" ? "https" : "http" } : {}),
    });
  }
  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
    local,
  };
}

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
