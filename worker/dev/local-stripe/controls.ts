import type { LocalAccount, LocalPayout } from "./connect-accounts";
import { buildEvent, type DeliveryOptions, deliverEvent, type LocalEvent, type LocalStripeEnv } from "./events";
import { parseStripeForm } from "./form";
import {
  endSubscription,
  failRenewal,
  type LocalSession,
  type LocalSubscription,
  must,
  nowS,
  type Period,
  paySession,
  renewSubscription,
} from "./lifecycle";
import { closeDispute, type LocalCharge, type LocalDispute, openDispute } from "./money";
import { listObjects, putObject, type StripeObject, stripeId } from "./store";

/**
 * What a test does to the local Stripe that a person does on its pages, or Stripe does on its own clock (ADR 0033):
 * read the calls the app made (method, path, body, idempotency key, Stripe-Account), plan a refusal for the next
 * matching call, move a checkout, subscription, account, payout or dispute through its lifecycle without the events
 * that would follow, and then send the chosen signed event to the app's webhook, in the test's order, and read the
 * app's answer. A stack's doubles keep these in the process that started them (`stack.doubles.stripe`).
 */

// Stripe's objects are JSON of many shapes: a test reads them as loosely as the fake Stripe it replaces did.
// biome-ignore lint/suspicious/noExplicitAny: any field of any Stripe object
export type AnyObject = StripeObject & Record<string, any>;

type Subscription = LocalSubscription & AnyObject;

export type LocalStripeRequest = {
  method: string;
  path: string;
  /** The form body of a POST (parsed as Stripe parses it), or the query of a GET. */
  // biome-ignore lint/suspicious/noExplicitAny: the form's nested values, as the app sent them
  body: Record<string, any>;
  idempotencyKey: string | null;
  /** The Stripe-Account header: a call made on a connected account. */
  account: string | null;
};

export type PlannedAnswer = { status: number; body: unknown };
type Plan = { method: string; path: RegExp; when: (request: LocalStripeRequest) => boolean; answer: PlannedAnswer };

/** What Stripe asks of a new Indian Express individual before it can take charges and pay out. */
export const ONBOARDING_DUE = ["external_account", "individual.dob.day", "individual.id_number", "tos_acceptance.date"];
export type AccountState = "incomplete" | "pending_review" | "restricted" | "ready";

/** The log keeps this many calls (a `npm run dev` session runs for days). */
const LOG_LIMIT = 20_000;

const refusal = (status: number, message: string, code: string): PlannedAnswer => ({
  status,
  body: { error: { type: status >= 500 ? "api_error" : "invalid_request_error", code, message } },
});

export class LocalStripeControls {
  readonly requests: LocalStripeRequest[] = [];
  private readonly plans: Plan[] = [];

  constructor(readonly env: LocalStripeEnv) {}

  /** Records a call to the API and answers a planned refusal for it, if one was planned (the caller answers otherwise). */
  async intercept(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    const isPost = request.method === "POST";
    const logged: LocalStripeRequest = {
      method: request.method,
      path: url.pathname,
      body: isPost ? parseStripeForm(await request.text()) : Object.fromEntries(url.searchParams),
      idempotencyKey: request.headers.get("idempotency-key"),
      account: request.headers.get("stripe-account"),
    };
    this.requests.push(logged);
    if (this.requests.length > LOG_LIMIT) this.requests.splice(0, this.requests.length - LOG_LIMIT);
    const index = this.plans.findIndex((p) => p.method === logged.method && p.path.test(logged.path) && p.when(logged));
    if (index < 0) return undefined;
    const { answer } = this.plans.splice(index, 1)[0];
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json", "request-id": stripeId("req") },
    });
  }

  requestsTo(method: string, pathPrefix: string): LocalStripeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** The next call matching `method`, `path` and `when` gets `answer` instead of its own (once); by default Stripe's "insufficient funds". */
  failNext(
    method: string,
    path: RegExp,
    when: (request: LocalStripeRequest) => boolean = () => true,
    answer: PlannedAnswer = refusal(400, "Insufficient funds in the platform's balance.", "balance_insufficient"),
  ): void {
    this.plans.push({ method, path, when, answer });
  }

  /** An object as the local Stripe keeps it (throws when it has none). */
  object<T extends StripeObject = AnyObject>(id: string): Promise<T> {
    return must<T>(this.env.db, id, "object");
  }

  /** Keeps `object` as Stripe has it now (a change made in Stripe's dashboard, or a call whose answer was lost). */
  async put<T extends StripeObject>(object: T): Promise<T> {
    await putObject(this.env.db, object);
    return object;
  }

  async update<T extends StripeObject = AnyObject>(id: string, change: (object: T) => T): Promise<T> {
    return this.put(change(await this.object<T>(id)));
  }

  /** Objects of a type the predicate picks, newest first. */
  async find<T extends StripeObject = AnyObject>(type: string, pick: (object: T) => boolean): Promise<T[]> {
    return (await listObjects<T>(this.env.db, type, 100_000)).filter(pick);
  }

  /** The mentee paid on the checkout page: the session complete, its subscription and first paid invoice, no event sent. */
  async pay(sessionId: string, period?: Period): Promise<{ session: AnyObject; subscription: Subscription; invoice: AnyObject }> {
    const session = await must<LocalSession>(this.env.db, sessionId, "checkout.session");
    return paySession(this.env, this.env.db, session, { period, emit: false });
  }

  /** The next period is paid: the subscription moved on and its paid invoice, no event sent. */
  async renew(subscriptionId: string): Promise<{ subscription: Subscription; invoice: AnyObject }> {
    return renewSubscription(this.env, this.env.db, await this.subscription(subscriptionId), false);
  }

  /** The renewal is declined: the subscription past due and its open invoice, no event sent. */
  async failRenewal(subscriptionId: string): Promise<{ subscription: Subscription; invoice: AnyObject }> {
    return failRenewal(this.env, this.env.db, await this.subscription(subscriptionId), false);
  }

  /** Stripe ends the subscription now (asked for, or after failed payments), no event sent. */
  async end(subscriptionId: string, reason: "cancellation_requested" | "payment_failed" = "cancellation_requested"): Promise<Subscription> {
    return endSubscription(this.env, this.env.db, await this.subscription(subscriptionId), reason, false);
  }

  private subscription(id: string) {
    return must<LocalSubscription>(this.env.db, id, "subscription");
  }

  /** The charge that paid an invoice. */
  async chargeOfInvoice(invoiceId: string): Promise<LocalCharge & AnyObject> {
    const invoice = await this.object(invoiceId);
    const intent = await this.object(invoice.payments.data[0].payment.payment_intent);
    return this.object(String(intent.latest_charge));
  }

  /** The mentee's bank disputes the charge (needs_response), no event sent. */
  openDispute(chargeId: string): Promise<LocalDispute> {
    return openDispute(this.env, this.env.db, chargeId, false);
  }

  /** The bank decided, no event sent. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Promise<LocalDispute> {
    return closeDispute(this.env, this.env.db, disputeId, outcome, false);
  }

  /** The Express account made for a mentor (by its metadata). */
  async accountOfMentor(mentorId: string): Promise<LocalAccount | undefined> {
    return (await this.find<LocalAccount>("account", (a) => a.metadata?.mentorId === mentorId))[0];
  }

  /** Moves the account to an onboarding state, as Stripe would after the mentor's (or its own) work; no event sent. */
  async setAccountState(accountId: string, state: AccountState, options: { due?: string[]; reason?: string } = {}): Promise<LocalAccount> {
    const account = await must<LocalAccount>(this.env.db, accountId, "account");
    return this.put({ ...account, ...accountFields(state, options) });
  }

  /** A payout on a connected account (Stripe made it on its schedule), in the state given; no event sent. */
  payout(account: string, amount: number, status: LocalPayout["status"] = "pending"): Promise<LocalPayout> {
    return this.put<LocalPayout>({
      id: stripeId("po"),
      object: "payout",
      amount,
      currency: "inr",
      status,
      arrival_date: nowS() + 2 * 24 * 60 * 60,
      failure_message: null,
      failure_code: null,
      method: "standard",
      type: "bank_account",
      created: nowS(),
      livemode: false,
      account,
    });
  }

  /** An event about `object` as Stripe writes it; with `account`, a Connect event (to the Connect endpoint). */
  event(type: string, object: StripeObject, account?: string): LocalEvent {
    return buildEvent(type, structuredClone(object), account);
  }

  /** Signs and posts the event to the app's webhook as Stripe does (or bent by `options`), and answers the app's reply. */
  // biome-ignore lint/suspicious/noExplicitAny: the webhook's JSON answer
  async send(event: LocalEvent, options: DeliveryOptions = {}): Promise<{ status: number; body: Record<string, any> }> {
    const response = await deliverEvent(this.env, event, options);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }

  /** Sends the event about the object the local Stripe has now, by id. */
  async sendAbout(type: string, id: string, account?: string) {
    return this.send(this.event(type, await this.object(id), account));
  }
}

function requirements(currentlyDue: string[], pastDue: string[], disabledReason: string | null) {
  return {
    currently_due: currentlyDue,
    past_due: pastDue,
    eventually_due: [...currentlyDue],
    pending_verification: [],
    disabled_reason: disabledReason,
    errors: [],
    current_deadline: null,
    alternatives: [],
  };
}

/** The parts of an account each onboarding state shows, as Stripe shows them. */
export function accountFields(state: AccountState, options: { due?: string[]; reason?: string } = {}) {
  const off = { charges_enabled: false, payouts_enabled: false };
  switch (state) {
    case "incomplete":
      return {
        ...off,
        details_submitted: false,
        requirements: requirements(options.due ?? ONBOARDING_DUE, [], options.reason ?? "requirements.past_due"),
        capabilities: { transfers: "inactive" as const },
      };
    case "pending_review":
      return {
        ...off,
        details_submitted: true,
        requirements: requirements([], [], "requirements.pending_verification"),
        capabilities: { transfers: "pending" as const },
      };
    case "restricted":
      return {
        ...off,
        details_submitted: true,
        requirements: requirements([], options.due ?? ["individual.verification.document"], options.reason ?? "requirements.past_due"),
        capabilities: { transfers: "inactive" as const },
      };
    case "ready":
      return {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: requirements([], [], null),
        capabilities: { transfers: "active" as const },
      };
  }
}
