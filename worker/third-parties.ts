import { localEndpointBase, localPushService } from "./notifications/web-push/endpoints";
import { type Env, isDevelopment, readConfig } from "./platform/env";
import { GOOGLE_CALLBACK_PATH, realGoogle } from "./platform/ports/google-provider";
import { httpTransport } from "./platform/ports/mail-transport";
import { connectStripe } from "./platform/ports/stripe-client";
import { provideThirdParties, type ThirdParties } from "./platform/ports/third-parties";
import { httpPushTransport, type PushTransport } from "./platform/ports/web-push-transport";

/**
 * The one place that chooses each third party, once per isolate. Stripe, mail and Google are always
 * their production clients; `npm run dev` and the test stacks point them at local doubles through the
 * development-only base URLs (STRIPE_API_URL, MAIL_API_URL, GOOGLE_OAUTH_URL; ADR 0033), so no
 * double is part of this Worker. Web Push always POSTs to the endpoint a subscription names; in development the
 * local push service beside the Worker hands out endpoints on its own origin (PUSH_SERVICE_URL, which
 * worker/notifications/web-push/endpoints.ts accepts there only). Production requires the real settings (worker/platform/env.ts).
 */
function chooseThirdParties(env: Env): ThirdParties {
  const config = readConfig(env);
  const development = isDevelopment(config);

  // Production cannot start without these (worker/platform/env.ts); a development Worker started without the doubles
  // still serves everything else, and says what is missing where it needs Stripe or mail.
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  const payments =
    secretKey && webhookSecret
      ? connectStripe({
          secretKey,
          webhookSecret,
          connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? webhookSecret,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? "",
          api: development && config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined,
        })
      : null;
  const mail: ThirdParties["mail"] = config.MAIL_API_KEY
    ? httpTransport(config)
    : { name: "http", send: () => Promise.reject(notSet("MAIL_API_KEY")) };

  // Google: the configured client (at GOOGLE_OAUTH_URL in development), or none: the button then says it is not configured.
  const google = (origin: string) =>
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? realGoogle(config, `${origin}${GOOGLE_CALLBACK_PATH}`) : null;

  return {
    get payments() {
      if (!payments) throw notSet("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
      return payments;
    },
    mail,
    google,
    push: pushTransport(localPushService(config)),
  };
}

/**
 * Web Push goes to the endpoint a subscription names. In development the local push service beside the Worker
 * (PUSH_SERVICE_URL) hands out https endpoints but listens on plain http: a request for its https origin is sent to
 * its http address, path and all; every other endpoint goes out as in production.
 */
function pushTransport(localService: string | null): PushTransport {
  if (!localService || localEndpointBase(localService) === localService) return httpPushTransport;
  const endpoints = new URL(localEndpointBase(localService)).origin;
  const listening = new URL(localService).origin;
  return {
    name: "http",
    fetch: (url, init) => fetch(url.startsWith(`${endpoints}/`) ? `${listening}${url.slice(endpoints.length)}` : url, init),
  };
}

const notSet = (settings: string) =>
  new Error(`${settings} not set: npm run dev and the test stacks point the Worker at the local doubles (ADR 0033)`);

// Bindings are fixed for an isolate's life, so the choice is made once per isolate.
const wired = new WeakSet<Env>();

/** Chooses the third parties for these bindings (once) and hands them to the services. */
export function wireThirdParties(env: Env): void {
  if (wired.has(env)) return;
  provideThirdParties(env, chooseThirdParties(env));
  wired.add(env);
}
