import type { Db } from "../../../db/client";
import { type Body, emitEvent, type LocalStripeEnv, must, nowS, StripeApiError } from "./lifecycle";
import { getObject, listObjects, putObject, type StripeObject, stripeId } from "./store";

/** One call to the local Stripe, as `routeConnect` sees it. `key` is e.g. "POST accounts/:id/login_links"; `account` is the Stripe-Account header. */
export type LocalCall = {
  method: string;
  path: string;
  key: string;
  id: string | undefined;
  parts: string[];
  body: Body;
  account: string | null;
};

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

const metadataOf = (body: Body) => (body.metadata ?? {}) as Record<string, string>;

function amountOf(value: unknown, what = "amount"): number {
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount <= 0)
    throw new StripeApiError(400, `Invalid ${what}: must be a positive integer.`, "parameter_invalid_integer");
  return amount;
}

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
 * The local Stripe's Connect (ADR 0024): Express accounts, account links, login links,
 * transfers and their reversals, balance, payouts. Answers a call it knows, or undefined (the
 * caller then answers 404 as Stripe does).
 */
export async function routeConnect(local: LocalStripeEnv, db: Db, call: LocalCall): Promise<unknown> {
  const { key, id, body } = call;
  switch (key) {
    case "POST accounts": {
      const account = newAccount(body);
      await putObject(db, account);
      return account;
    }
    case "DELETE accounts/:id": {
      // A connected account is closed as Stripe closes it: later calls find it deleted.
      await must<LocalAccount>(db, String(id), "account");
      const deleted = { id: String(id), object: "account", deleted: true };
      await putObject(db, deleted);
      return deleted;
    }
    case "GET accounts/:id":
      return must<LocalAccount>(db, String(id), "account");
    case "POST accounts/:id/login_links": {
      const account = await must<LocalAccount>(db, String(id), "account");
      if (!account.details_submitted)
        throw new StripeApiError(400, "Cannot create a login link for an account that has not completed onboarding.", "account_invalid");
      return { object: "login_link", created: nowS(), url: `${local.pagesOrigin}/dev/stripe/express/${account.id}` };
    }
    case "POST account_links": {
      const account = await must<LocalAccount>(db, String(body.account), "account");
      const returnUrl = String(body.return_url ?? "");
      const refreshUrl = String(body.refresh_url ?? "");
      try {
        new URL(returnUrl);
        new URL(refreshUrl);
      } catch {
        throw new StripeApiError(400, "return_url and refresh_url must be absolute URLs.", "url_invalid");
      }
      const link: LocalAccountLink = {
        id: stripeId("acctlink"),
        object: "account_link",
        account: account.id,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        created: nowS(),
        expires_at: nowS() + ACCOUNT_LINK_LIFETIME_S,
        used: false,
      };
      await putObject(db, link);
      const query = new URLSearchParams({ link: link.id, return: returnUrl, refresh: refreshUrl });
      return {
        object: "account_link",
        created: link.created,
        expires_at: link.expires_at,
        url: `${local.pagesOrigin}/dev/stripe/connect/${account.id}?${query}`,
      };
    }
    case "POST transfers": {
      const amount = amountOf(body.amount);
      const destination = await must<LocalAccount>(db, String(body.destination), "account");
      if (destination.capabilities?.transfers !== "active") {
        throw new StripeApiError(
          400,
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          "insufficient_capabilities_for_transfer",
        );
      }
      const transfer: LocalTransfer = {
        id: stripeId("tr"),
        object: "transfer",
        amount,
        currency: String(body.currency ?? "inr"),
        destination: destination.id,
        amount_reversed: 0,
        reversed: false,
        reversals: { object: "list", data: [] },
        source_transaction: (body.source_transaction as string | undefined) ?? null,
        transfer_group: (body.transfer_group as string | undefined) ?? null,
        metadata: metadataOf(body),
        created: nowS(),
        livemode: false,
      };
      await putObject(db, transfer);
      return transfer;
    }
    case "GET transfers/:id":
      return must<LocalTransfer>(db, String(id), "transfer");
    case "POST transfers/:id/reversals": {
      const transfer = await must<LocalTransfer>(db, String(id), "transfer");
      const left = transfer.amount - transfer.amount_reversed;
      const amount = body.amount === undefined ? left : amountOf(body.amount);
      if (amount > left)
        throw new StripeApiError(
          400,
          `Refund amount (${amount}) is greater than the unreversed amount of the transfer (${left}).`,
          "amount_too_large",
        );
      const reversal = {
        id: stripeId("trr"),
        object: "transfer_reversal",
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: metadataOf(body),
        created: nowS(),
      };
      const reversed = transfer.amount_reversed + amount;
      await putObject(db, {
        ...transfer,
        amount_reversed: reversed,
        reversed: reversed >= transfer.amount,
        reversals: { object: "list", data: [...transfer.reversals.data, reversal] },
      });
      return reversal;
    }
    case "GET balance": {
      // On a connected account (Stripe-Account header): its balance. The platform's own is not modelled.
      const available = call.account ? await balanceOf(db, call.account) : 0;
      return {
        object: "balance",
        livemode: false,
        available: [{ amount: available, currency: "inr", source_types: { card: available } }],
        pending: [{ amount: 0, currency: "inr", source_types: { card: 0 } }],
      };
    }
    case "GET payouts/:id": {
      const payout = await getObject<LocalPayout>(db, String(id));
      // A payout lives on its connected account: without that account's header Stripe does not find it.
      if (payout?.object !== "payout" || payout.account !== call.account) throw new StripeApiError(404, `No such payout: '${id}'`);
      return payout;
    }
    case "POST payouts": {
      if (!call.account)
        throw new StripeApiError(
          400,
          "The local Stripe pays out only from connected accounts (send the Stripe-Account header).",
          "parameter_missing",
        );
      const account = await must<LocalAccount>(db, call.account, "account");
      return createPayout(local, account, amountOf(body.amount), String(body.currency ?? "inr"));
    }
    default:
      return undefined;
  }
}

/**
 * Signs a Connect event (about a connected account: `account` names it) with the local Connect
 * secret and posts it to the app's `/api/stripe/connect-webhook`, as Stripe does. Waits for the
 * route's answer, as emitEvent does for the platform endpoint.
 */
export function emitConnectEvent(local: LocalStripeEnv, type: string, object: StripeObject, account: string): Promise<void> {
  return emitEvent(local, type, object, { account });
}
