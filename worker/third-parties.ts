import { dbFor } from "./database";
import { isDevelopment, readConfig, type Env } from "./env";
import { localGoogle } from "./dev/local-google-provider";
import { devMailboxTransport } from "./dev/mailbox-store";
import { devPushTransport } from "./dev/push-service";
import { LOCAL_CONNECT_WEBHOOK_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET, localStripeFetch, type LocalStripeEnv, type WebhookEndpoint } from "./dev/local-stripe/api";
import { GOOGLE_CALLBACK_PATH, realGoogle } from "./services/google/provider";
import { httpTransport } from "./services/mail/transport";
import { httpPushTransport } from "./services/web-push/transport";
import { connectStripe } from "./services/payments/stripe-client";
import { provideThirdParties, type ThirdParties } from "./services/third-parties";

/**
 * The one place that chooses each third party (ADR 0022; Web Push: ADR 0027): the real one when it is configured, a
 * development stand-in from worker/dev otherwise, and only behind the one development gate
 * (`isDevelopment`). Production requires the real ones' settings (worker/env.ts), so a production
 * Worker never reaches a stand-in branch.
 */
function chooseThirdParties(env: Env, webhook: WebhookEndpoint): { parties: ThirdParties; localStripe: LocalStripeEnv | null } {
  const config = readConfig(env);
  const development = isDevelopment(config);
  const db = dbFor(config);

  // Stripe: the real API; in development a fake at STRIPE_API_URL, or with no key the built-in local Stripe.
  const localStripe = development && !config.STRIPE_SECRET_KEY && !config.STRIPE_API_URL ? { db, webhook } : null;
  const payments = localStripe
    ? connectStripe({
        secretKey: LOCAL_SECRET_KEY,
        webhookSecret: LOCAL_WEBHOOK_SECRET,
        connectWebhookSecret: LOCAL_CONNECT_WEBHOOK_SECRET,
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        fetch: (input, init) => localStripeFetch(localStripe, input, init),
      })
    : connectStripe({
        // Development with a fake and no key still needs some key for the client; the fake takes any.
        secretKey: config.STRIPE_SECRET_KEY ?? LOCAL_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET,
        connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? LOCAL_CONNECT_WEBHOOK_SECRET,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
        api: development && config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined,
      });

  // Mail: the mail API; in development without a key, the local mailbox (/dev/mailbox).
  let mail: ThirdParties["mail"];
  if (config.MAIL_API_KEY) mail = httpTransport(config);
  else if (development) mail = devMailboxTransport(db);
  else throw new Error("MAIL_API_KEY is not set, and only development may keep mail locally");

  // Google: the real client; in development without credentials, the local consent screen (/dev/google).
  const google = (origin: string) => {
    const redirectUri = `${origin}${GOOGLE_CALLBACK_PATH}`;
    if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) return realGoogle(config, redirectUri);
    if (development) return localGoogle(config.JWT_SECRET, origin, redirectUri);
    return null;
  };

  // Web Push: the devices' push services; in development the local push service (/dev/push) answers its own endpoints.
  const push = development ? devPushTransport(db) : httpPushTransport;

  return { parties: { payments, mail, google, push }, localStripe };
}

// Bindings are fixed for an isolate's life, so the choice is made once per isolate.
const chosen = new WeakMap<Env, LocalStripeEnv | null>();

/**
 * Chooses the third parties for these bindings (once) and hands them to the services. `webhook` is
 * the Worker's own fetch: the local Stripe posts its events to the webhook route through it.
 */
export function wireThirdParties(env: Env, webhook: WebhookEndpoint): void {
  if (chosen.has(env)) return;
  const { parties, localStripe } = chooseThirdParties(env, webhook);
  provideThirdParties(env, parties);
  chosen.set(env, localStripe);
}

/** The local Stripe stand-in when the entry plugged it in for these bindings (its development pages need it), else null. */
export const localStripeOf = (env: Env): LocalStripeEnv | null => chosen.get(env) ?? null;
