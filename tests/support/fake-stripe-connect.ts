import { type FakeObject, type FakeRoute, type FakeStripe, fakeId } from "./fake-stripe";

/**
 * Stripe Connect on the fake Stripe (ADR 0024): Express accounts, account links, login links,
 * payouts read on a connected account (Stripe-Account header) and its balance. Register with
 * `fake.routes.push(connectRoute)`; move an account through onboarding with `setAccountState`.
 */

const nowS = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

/** What Stripe asks of a new Indian Express individual before it can take charges and pay out. */
export const ONBOARDING_DUE = ["external_account", "individual.dob.day", "individual.id_number", "tos_acceptance.date"];

export type AccountState = "incomplete" | "pending_review" | "restricted" | "ready";

function requirements(currently_due: string[], past_due: string[], disabled_reason: string | null) {
  return {
    currently_due,
    past_due,
    eventually_due: [...currently_due],
    pending_verification: [],
    disabled_reason,
    errors: [],
    current_deadline: null,
    alternatives: [],
  };
}

/** The parts of an account each onboarding state shows, as Stripe shows them. */
export function accountFields(state: AccountState, options: { due?: string[]; reason?: string } = {}) {
  switch (state) {
    case "incomplete":
      return {
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: requirements(options.due ?? ONBOARDING_DUE, [], options.reason ?? "requirements.past_due"),
        capabilities: { transfers: "inactive" },
      };
    case "pending_review":
      return {
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: true,
        requirements: requirements([], [], "requirements.pending_verification"),
        capabilities: { transfers: "pending" },
      };
    case "restricted":
      return {
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: true,
        requirements: requirements([], options.due ?? ["individual.verification.document"], options.reason ?? "requirements.past_due"),
        capabilities: { transfers: "inactive" },
      };
    case "ready":
      return {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: requirements([], [], null),
        capabilities: { transfers: "active" },
      };
  }
}

export const connectRoute: FakeRoute = (request, fake) => {
  const { method, path, body } = request;
  let m: RegExpMatchArray | null;
  if (method === "POST" && path === "/v1/accounts") {
    return fake.put({
      id: fakeId("acct"),
      object: "account",
      type: body.type,
      country: body.country,
      default_currency: "inr",
      email: body.email ?? null,
      business_type: body.business_type ?? null,
      metadata: body.metadata ?? {},
      created: nowS(),
      ...accountFields("incomplete"),
    });
  }
  if (method === "GET" && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
    const account = fake.objects.get(m[1]);
    return account?.object === "account" ? { status: 200, body: account } : fake.missing(m[1]);
  }
  if (method === "POST" && (m = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/))) {
    const account = fake.objects.get(m[1]);
    if (account?.object !== "account") return fake.missing(m[1]);
    if (!account.details_submitted)
      return {
        status: 400,
        body: {
          error: { type: "invalid_request_error", message: "Cannot create a login link for an account that has not completed onboarding." },
        },
      };
    return {
      status: 200,
      body: { object: "login_link", created: nowS(), url: `https://connect.fake.test/express/${account.id}/${fakeId("ll")}` },
    };
  }
  if (method === "POST" && path === "/v1/account_links") {
    const account = fake.objects.get(String(body.account));
    if (account?.object !== "account") return fake.missing(String(body.account));
    const link = {
      id: fakeId("acctlink"),
      object: "account_link",
      account: account.id,
      type: body.type,
      return_url: body.return_url,
      refresh_url: body.refresh_url,
      created: nowS(),
      expires_at: nowS() + 300,
    };
    fake.objects.set(link.id, link);
    return {
      status: 200,
      body: {
        object: "account_link",
        created: link.created,
        expires_at: link.expires_at,
        url: `https://connect.fake.test/setup/e/${account.id}/${link.id}`,
      },
    };
  }
  if (method === "GET" && (m = path.match(/^\/v1\/payouts\/([^/]+)$/))) {
    const payout = fake.objects.get(m[1]);
    // A payout lives on the connected account: read without its Stripe-Account header, Stripe does not find it.
    if (payout?.object !== "payout" || payout.account !== request.account) return fake.missing(m[1]);
    return { status: 200, body: payout };
  }
  if (method === "GET" && path === "/v1/balance") {
    const account = request.account;
    const available = account ? balanceOf(fake, account) : 0;
    return {
      status: 200,
      body: {
        object: "balance",
        livemode: false,
        available: [{ amount: available, currency: "inr" }],
        pending: [{ amount: 0, currency: "inr" }],
      },
    };
  }
  return undefined;
};

/** Transfers to the account less what was reversed, less payouts not failed or canceled. */
export function balanceOf(fake: FakeStripe, account: string): number {
  let total = 0;
  for (const o of fake.objects.values()) {
    if (o.object === "transfer" && o.destination === account) total += Number(o.amount) - Number(o.amount_reversed ?? 0);
    if (o.object === "payout" && o.account === account && o.status !== "failed" && o.status !== "canceled") total -= Number(o.amount);
  }
  return total;
}

/** Moves the account to an onboarding state, as Stripe would after the mentor's (or its own) work. */
export function setAccountState(
  fake: FakeStripe,
  accountId: string,
  state: AccountState,
  options: { due?: string[]; reason?: string } = {},
): FakeObject {
  const account = fake.objects.get(accountId);
  if (account?.object !== "account") throw new Error(`no account ${accountId}`);
  const next = { ...account, ...accountFields(state, options) };
  fake.objects.set(accountId, next);
  return next;
}

/** The account Stripe made for a mentor (by its metadata), or undefined. */
export function accountOfMentor(fake: FakeStripe, mentorId: string): FakeObject | undefined {
  return [...fake.objects.values()].find((o) => o.object === "account" && o.metadata?.mentorId === mentorId);
}

/** A payout on a connected account (Stripe made it on its schedule, or the mentor pressed "Pay out now"). */
export function createPayout(
  fake: FakeStripe,
  account: string,
  amount: number,
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled" = "pending",
): FakeObject {
  const payout: FakeObject = {
    id: fakeId("po"),
    object: "payout",
    amount,
    currency: "inr",
    status,
    arrival_date: nowS() + 2 * DAY,
    failure_message: null,
    failure_code: null,
    method: "standard",
    type: "bank_account",
    created: nowS(),
    account,
  };
  fake.objects.set(payout.id, payout);
  return payout;
}

export function updatePayout(fake: FakeStripe, id: string, change: Partial<FakeObject>): FakeObject {
  const payout = fake.objects.get(id);
  if (payout?.object !== "payout") throw new Error(`no payout ${id}`);
  const next = { ...payout, ...change };
  fake.objects.set(id, next);
  return next;
}
