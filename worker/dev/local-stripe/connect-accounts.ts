import type { Db } from "../../../db/client";
import { type Body, emitEvent, type LocalStripeEnv, nowS, StripeApiError } from "./lifecycle";
import { getObject, listObjects, putObject, type StripeObject, stripeId } from "./store";

/**
 * The local Stripe's Connect objects (ADR 0024): Express accounts and their links, transfers, payouts and the balance
 * they leave, and the Connect events about them. `connect.ts` answers the API's calls with them; the development
 * pages (`connect-pages.ts`) move them as a mentor or his bank would.
 */

/** What Stripe asks of a new Indian Express individual before it can take charges and pay out. */
export const ONBOARDING_DUE = ["external_account", "individual.dob.day", "individual.id_number", "tos_acceptance.date"];

/** An account link works for this long, and once (as Stripe's). */
export const ACCOUNT_LINK_LIFETIME_S = 5 * 60;

export type LocalAccount = StripeObject & {
  type: "express";
  country: string;
  default_currency: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[]; eventually_due: string[]; disabled_reason: string | null };
  capabilities: { transfers: "active" | "pending" | "inactive" };
  metadata: Record<string, string>;
  external_accounts?: {
    object: "list";
    data: {
      id: string;
      object: "bank_account";
      account_holder_name: string;
      routing_number: string;
      last4: string;
      currency: string;
      country: string;
    }[];
  };
  created: number;
};

export type LocalAccountLink = StripeObject & {
  object: "account_link";
  account: string;
  return_url: string;
  refresh_url: string;
  created: number;
  expires_at: number;
  used: boolean;
};

export type LocalTransfer = StripeObject & {
  amount: number;
  currency: string;
  destination: string;
  amount_reversed: number;
  reversed: boolean;
  reversals: { object: "list"; data: StripeObject[] };
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type LocalPayout = StripeObject & {
  amount: number;
  currency: string;
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
  arrival_date: number;
  failure_message: string | null;
  created: number;
  /** The connected account it belongs to (kept for our own lookup; Stripe scopes it by the Stripe-Account header). */
  account: string;
};

/** The metadata a call gave, as Stripe keeps it. */
export const metadataOf = (body: Body) => (body.metadata ?? {}) as Record<string, string>;

/** A new Express account with onboarding still to do. */
export function newAccount(body: Body): LocalAccount {
  return {
    id: stripeId("acct"),
    object: "account",
    type: "express",
    country: String(body.country ?? "IN"),
    default_currency: "inr",
    email: (body.email as string | undefined) ?? null,
    business_type: body.business_type ?? "individual",
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: {
      currently_due: [...ONBOARDING_DUE],
      past_due: [],
      eventually_due: [...ONBOARDING_DUE],
      disabled_reason: "requirements.past_due",
    },
    capabilities: { transfers: "inactive" },
    metadata: metadataOf(body),
    created: nowS(),
    livemode: false,
  };
}

/** The account with a test bank account added and everything Stripe asks for given: charges and payouts enabled. */
export function completedAccount(account: LocalAccount, bank: { holder: string; ifsc: string; number: string }): LocalAccount {
  return {
    ...account,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
    capabilities: { transfers: "active" },
    external_accounts: {
      object: "list",
      data: [
        {
          id: stripeId("ba"),
          object: "bank_account",
          account_holder_name: bank.holder,
          routing_number: bank.ifsc,
          last4: bank.number.slice(-4),
          currency: "inr",
          country: "IN",
        },
      ],
    },
  };
}

export async function accountOf(db: Db, id: string): Promise<LocalAccount | null> {
  const found = await getObject<LocalAccount>(db, id);
  return found?.object === "account" ? found : null;
}

/** Every transfer and payout of the stand-in (development data: a few hundred at most). */
const everything = <T extends StripeObject>(db: Db, type: string) => listObjects<T>(db, type, 100_000);

/** The connected account's available balance: transfers to it less reversals, less payouts not failed or canceled. */
export async function balanceOf(db: Db, account: string): Promise<number> {
  const [transfers, payouts] = await Promise.all([everything<LocalTransfer>(db, "transfer"), everything<LocalPayout>(db, "payout")]);
  const inflow = transfers
    .filter((t) => t.destination === account)
    .reduce((sum, t) => sum + Number(t.amount) - Number(t.amount_reversed ?? 0), 0);
  const outflow = payouts
    .filter((p) => p.account === account && p.status !== "failed" && p.status !== "canceled")
    .reduce((sum, p) => sum + Number(p.amount), 0);
  return inflow - outflow;
}

/** A connected account's payouts, newest first. */
export async function payoutsOf(db: Db, account: string): Promise<LocalPayout[]> {
  return (await everything<LocalPayout>(db, "payout")).filter((p) => p.account === account);
}

/** A payout of `amount` from the account's balance to its bank (arriving today), and its payout.created event. */
export async function createPayout(local: LocalStripeEnv, account: LocalAccount, amount: number, currency = "inr"): Promise<LocalPayout> {
  if (!account.payouts_enabled)
    throw new StripeApiError(400, "Payouts are not enabled on this account yet: finish onboarding first.", "payouts_not_allowed");
  const available = await balanceOf(local.db, account.id);
  if (amount > available)
    throw new StripeApiError(400, `You have insufficient funds in your Stripe account (available: ${available}).`, "balance_insufficient");
  const payout: LocalPayout = {
    id: stripeId("po"),
    object: "payout",
    amount,
    currency,
    status: "pending",
    arrival_date: nowS(),
    failure_message: null,
    method: "standard",
    type: "bank_account",
    created: nowS(),
    livemode: false,
    account: account.id,
  };
  await putObject(local.db, payout);
  await emitConnectEvent(local, "payout.created", payout, account.id);
  return payout;
}

/** The bank took the payout: paid today, and its payout.paid event. */
export async function payPayout(local: LocalStripeEnv, payout: LocalPayout): Promise<LocalPayout> {
  const paid: LocalPayout = { ...payout, status: "paid", arrival_date: nowS() };
  await putObject(local.db, paid);
  await emitConnectEvent(local, "payout.paid", paid, payout.account);
  return paid;
}

/**
 * Signs a Connect event (about a connected account: `account` names it) with the local Connect
 * secret and posts it to the app's `/api/stripe/connect-webhook`, as Stripe does. Waits for the
 * route's answer, as emitEvent does for the platform endpoint.
 */
export function emitConnectEvent(local: LocalStripeEnv, type: string, object: StripeObject, account: string): Promise<void> {
  return emitEvent(local, type, object, { account });
}
