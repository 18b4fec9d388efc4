import type { Db } from "../../../db/client";
import {
  ACCOUNT_LINK_LIFETIME_S,
  balanceOf,
  createPayout,
  type LocalAccount,
  type LocalAccountLink,
  type LocalPayout,
  type LocalTransfer,
  metadataOf,
  newAccount,
} from "./connect-accounts";
import { type Body, type LocalStripeEnv, must, nowS, StripeApiError } from "./lifecycle";
import { getObject, putObject, stripeId } from "./store";

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

/** An amount in the currency's smallest unit, which Stripe requires to be a positive integer. */
function amountOf(value: unknown, what = "amount"): number {
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount <= 0)
    throw new StripeApiError(400, `Invalid ${what}: must be a positive integer.`, "parameter_invalid_integer");
  return amount;
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
