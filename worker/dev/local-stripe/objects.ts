import type Stripe from "stripe";
import type { Db } from "../../../db/client";
import { getObject, type StripeObject } from "./store";

/** The local Stripe's objects as its lifecycle (lifecycle.ts) and invoices (invoices.ts) keep them, and Stripe's units. */

export const DAY_S = 24 * 60 * 60;
export const nowS = () => Math.floor(Date.now() / 1000);
/** An instant in Stripe's unit: whole seconds since the epoch. */
export const secondsOf = (d: Date | number) => Math.floor((typeof d === "number" ? d : d.getTime()) / 1000);

/** One month later, same day of the month (as Stripe bills monthly). */
export function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "resource_missing",
  ) {
    super(message);
  }
}

export async function must<T extends StripeObject>(db: Db, id: string, what: string): Promise<T> {
  const found = await getObject<T>(db, id);
  if (!found) throw new StripeApiError(404, `No such ${what}: '${id}'`);
  return found;
}

export type Body = Record<string, unknown>;
export const metadataOf = (body: Body) => (body.metadata ?? {}) as Record<string, string>;

export type LocalSession = StripeObject & {
  status: "open" | "complete" | "expired";
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  amount_total: number;
  currency: string;
  line_items_price: string;
  subscription_metadata: Record<string, string>;
  /** Destination charges (ADR 0024): what the checkout's subscription_data asked for, copied onto the subscription. */
  subscription_transfer_data: { destination: string } | null;
  subscription_application_fee_percent: number | null;
  product_name: string;
  customer_email: string | null;
  expires_at: number;
  last_decline: boolean;
};

export type LocalSubscription = StripeObject & {
  status: Stripe.Subscription.Status;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: string | null; comment: null; feedback: null };
  metadata: Record<string, string>;
  /** Destination charges: each invoice's charge moves gross - application fee to this account. */
  transfer_data?: { destination: string } | null;
  application_fee_percent?: number | null;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: StripeObject;
      quantity: 1;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  latest_invoice: string | null;
  product_name: string;
  customer_email: string | null;
};

/** A period in Stripe's unit (seconds): from `start` to one month later unless told. */
export type Period = { start: number; end: number };
