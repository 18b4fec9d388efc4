import type Stripe from "stripe";
import type { Env } from "../env";
import type { GoogleProvider } from "./google-provider";
import type { MailTransport } from "./mail-transport";
import type { PushTransport } from "./web-push-transport";

/** Stripe as the services use it (ADR 0010): the API client and the keys that go with it. */
export type Payments = {
  stripe: Stripe;
  webhookSecret: string;
  /** The Connect webhook endpoint's signing secret (account and payout events of mentors' accounts, ADR 0024). */
  connectWebhookSecret: string;
  publishableKey: string;
};

/**
 * The outside services the domain code calls. The services name only these shapes; the Worker's
 * entry (worker/third-parties.ts) builds them once per isolate from the settings. In development
 * and tests they talk to local doubles over HTTP (ADR 0033), which are never part of the Worker.
 */
export type ThirdParties = {
  payments: Payments;
  mail: MailTransport;
  /** Web Push requests to the devices' push services (ADR 0027); in development, the local push service's too. */
  push: PushTransport;
  /** Google sign-in with its callback on this origin; null when Google is not configured. */
  google(origin: string): GoogleProvider | null;
};

// Keyed by the bindings, which are fixed for an isolate's life (as the config check is, worker/platform/env.ts).
const provided = new WeakMap<object, ThirdParties>();

/** The entry hands over the third parties it chose for these bindings. */
export function provideThirdParties(env: Env, parties: ThirdParties): void {
  provided.set(env, parties);
}

/**
 * The third parties the entry chose for these bindings. Services already carry the bindings (for
 * pushes and the database), so the choice reaches them without threading one more argument through
 * every call.
 */
export function thirdPartiesOf(env: Env): ThirdParties {
  const parties = provided.get(env);
  if (!parties)
    throw new Error("No third parties were provided for these bindings: the Worker's entry provides them before any route or job runs");
  return parties;
}
