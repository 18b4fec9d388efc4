import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { parseStripeForm } from "../../worker/dev/local-stripe/form";

/**
 * A fake Stripe API on a loopback port, for the Worker's stripe-node client (STRIPE_API_URL): the
 * HTTP boundary is the only thing faked. It keeps the objects the app makes, honours idempotency
 * keys as Stripe does, records every request, and lets a test move subscriptions through their
 * lifecycle and send the signed events Stripe would send.
 */
export const FAKE_SECRET_KEY = "sk_test_fake_mentorlink";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_mentorlink";
export const FAKE_PUBLISHABLE_KEY = "pk_test_fake_mentorlink";
export const FAKE_CONNECT_WEBHOOK_SECRET = "whsec_fake_mentorlink_connect";

type Obj = Record<string, any> & { id: string; object: string };
export type FakeRequest = {
  method: string;
  path: string;
  body: Record<string, any>;
  idempotencyKey: string | null /** The Stripe-Account header (a call made on a connected account). */;
  account: string | null;
};
export type FakeResult = { status: number; body: unknown };
/** More of Stripe's API (Connect, refunds, ...): answers a request it knows, or undefined. */
export type FakeRoute = (request: FakeRequest, fake: FakeStripe) => FakeResult | undefined;

const nowS = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;
let counter = 0;
const newId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(counter++).toString(36)}`;

export type { Obj as FakeObject };
export { newId as fakeId };

export class FakeStripe {
  readonly objects = new Map<string, Obj>();
  readonly requests: FakeRequest[] = [];
  private readonly idempotent = new Map<string, unknown>();
  /** Routes added by other test support files (tests/support/fake-stripe-*.ts), tried before the built-in ones. */
  readonly routes: FakeRoute[] = [];
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
          res.end(JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  requestsTo(method: string, pathPrefix: string) {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const body = req.method === "POST" ? parseStripeForm(Buffer.concat(chunks).toString("utf8")) : {};
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      body: req.method === "POST" ? body : Object.fromEntries(url.searchParams),
      idempotencyKey,
      account: (req.headers["stripe-account"] as string | undefined) ?? null,
    };
    this.requests.push(request);
    if (req.method === "POST" && idempotencyKey && this.idempotent.has(idempotencyKey))
      return { status: 200, body: this.idempotent.get(idempotencyKey) };
    let result: FakeResult | undefined;
    for (const route of this.routes) if ((result = route(request, this))) break;
    result ??= this.route(request.method, url.pathname, body);
    if (result.status === 200 && req.method === "POST" && idempotencyKey) this.idempotent.set(idempotencyKey, result.body);
    return result;
  }

  missing(id: string): FakeResult {
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'` } },
    };
  }

  put(object: Obj): FakeResult {
    this.objects.set(object.id, object);
    return { status: 200, body: object };
  }

  private route(method: string, path: string, body: Record<string, any>): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers")
      return this.put({ id: newId("cus"), object: "customer", email: body.email, name: body.name, metadata: body.metadata ?? {} });
    if (method === "POST" && path === "/v1/products")
      return this.put({ id: newId("prod"), object: "product", name: body.name, metadata: body.metadata ?? {}, active: true });
    if (method === "POST" && path === "/v1/prices") {
      return this.put({
        id: newId("price"),
        object: "price",
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ?? null,
        active: true,
        metadata: body.metadata ?? {},
      });
    }
    if (method === "POST" && (m = path.match(/^\/v1\/prices\/([^/]+)$/))) {
      const price = this.objects.get(m[1]);
      return price ? this.put({ ...price, active: body.active === undefined ? price.active : body.active === "true" }) : this.missing(m[1]);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      return this.put({
        id,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        line_items: body.line_items,
        subscription_data: body.subscription_data ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
        subscription: null,
        url: `https://checkout.fake.test/c/pay/${id}`,
      });
    }
    if (method === "POST" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = this.objects.get(m[1]);
      return session ? this.put({ ...session, status: "expired" }) : this.missing(m[1]);
    }
    if (method === "GET" && (m = path.match(/^\/v1\/(invoices|charges)\/([^/]+)$/))) {
      // An invoice answers with its payments (as with `expand[]=payments`); charges name their PaymentIntent and transfer.
      const found = this.objects.get(m[2]);
      return found ? { status: 200, body: found } : this.missing(m[2]);
    }
    if (method === "GET" && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.objects.get(m[1]);
      return sub ? { status: 200, body: sub } : this.missing(m[1]);
    }
    if (method === "POST" && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.objects.get(m[1]);
      if (!sub) return this.missing(m[1]);
      const newPrice = (body.items as { price?: string }[] | undefined)?.[0]?.price;
      if (newPrice) {
        const price = this.objects.get(newPrice);
        if (!price) return this.missing(newPrice);
        return this.put({ ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0], price }] } });
      }
      const cancel = body.cancel_at_period_end === "true";
      return this.put({ ...sub, cancel_at_period_end: cancel, cancellation_details: { reason: cancel ? "cancellation_requested" : null } });
    }
    if (method === "DELETE" && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.objects.get(m[1]);
      return sub
        ? this.put({ ...sub, status: "canceled", ended_at: nowS(), cancellation_details: { reason: "cancellation_requested" } })
        : this.missing(m[1]);
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  /** The mentee paid on Stripe's page: an active subscription and its paid first invoice. */
  completeCheckout(sessionId: string, period = { start: nowS(), end: nowS() + 30 * DAY }) {
    const session = this.objects.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const price = this.objects.get(session.line_items[0].price)!;
    const sub: Obj = {
      id: newId("sub"),
      object: "subscription",
      status: "active",
      customer: session.customer,
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      cancellation_details: { reason: null },
      metadata: session.subscription_data.metadata ?? {},
      // Destination charges (ADR 0024): the subscription carries the split its checkout asked for.
      transfer_data: session.subscription_data.transfer_data ?? null,
      application_fee_percent:
        session.subscription_data.application_fee_percent === undefined ? null : Number(session.subscription_data.application_fee_percent),
      items: {
        object: "list",
        data: [{ id: newId("si"), object: "subscription_item", price, current_period_start: period.start, current_period_end: period.end }],
      },
    };
    this.objects.set(sub.id, sub);
    const completed = { ...session, status: "complete", payment_status: "paid", subscription: sub.id };
    this.objects.set(sessionId, completed);
    return { session: completed, subscription: sub, invoice: this.invoice(sub, period) };
  }

  /**
   * A paid invoice of the subscription for a period (Stripe API 2025+: subscription under `parent`),
   * kept with its payment (a PaymentIntent and its charge, which refunds and disputes name). A
   * destination subscription's charge also moves the mentor's share to his account, as Stripe does:
   * a transfer of gross - application fee.
   */
  invoice(sub: Obj, period: { start: number; end: number }, status = "paid"): Obj {
    const price = sub.items.data[0].price;
    const amount = status === "paid" ? price.unit_amount : 0;
    const id = newId("in");
    let payments: Record<string, unknown> | undefined;
    if (amount > 0) {
      const intent = newId("pi");
      const charge: Obj = {
        id: newId("ch"),
        object: "charge",
        amount,
        amount_refunded: 0,
        refunded: false,
        currency: price.currency ?? "inr",
        payment_intent: intent,
        transfer: null,
        disputed: false,
        created: nowS(),
      };
      const destination = sub.transfer_data?.destination;
      if (destination) {
        const fee = Math.round((amount * Number(sub.application_fee_percent ?? 0)) / 100);
        const transfer: Obj = {
          id: newId("tr"),
          object: "transfer",
          amount: amount - fee,
          currency: charge.currency,
          destination,
          amount_reversed: 0,
          reversed: false,
          reversals: { object: "list", data: [] },
          source_transaction: charge.id,
          transfer_group: null,
          metadata: {},
          created: nowS(),
        };
        this.objects.set(transfer.id, transfer);
        charge.transfer = transfer.id;
        charge.application_fee_amount = fee;
      }
      this.objects.set(charge.id, charge);
      payments = {
        object: "list",
        data: [
          {
            id: newId("inpay"),
            object: "invoice_payment",
            invoice: id,
            status: "paid",
            payment: { type: "payment_intent", payment_intent: intent },
          },
        ],
      };
    }
    const invoice: Obj = {
      id,
      object: "invoice",
      status,
      customer: sub.customer,
      currency: price.currency ?? "inr",
      amount_paid: amount,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", data: [{ id: newId("il"), object: "line_item", period }] },
      status_transitions: { paid_at: amount > 0 ? nowS() : null },
    };
    this.objects.set(id, { ...invoice, payments });
    return invoice;
  }

  /** Changes a subscription as Stripe would have (period moved, canceled, past due). */
  updateSubscription(id: string, change: (sub: Obj) => Obj): Obj {
    const next = change(structuredClone(this.objects.get(id)!));
    this.objects.set(id, next);
    return next;
  }

  /** Advances the subscription by one period and returns the paid invoice for the new one. */
  renew(id: string): Obj {
    const sub = this.updateSubscription(id, (s) => {
      const item = s.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_end + 30 * DAY;
      return { ...s, status: "active" };
    });
    const item = sub.items.data[0];
    return this.invoice(sub, { start: item.current_period_start, end: item.current_period_end });
  }

  event(type: string, object: Obj, id = newId("evt")) {
    return { id, object: "event", type, api_version: Stripe.API_VERSION, created: nowS(), livemode: false, data: { object } };
  }

  /** A Connect event: about a connected account (`account` names it), as Stripe sends to the Connect endpoint. */
  connectEvent(type: string, object: Obj, account: string, id = newId("evt")) {
    return { ...this.event(type, object, id), account };
  }

  /** Posts a Connect event to the Worker's Connect webhook, signed with its secret. */
  sendConnect(baseUrl: string, event: object, options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
    return this.send(baseUrl, event, { secret: FAKE_CONNECT_WEBHOOK_SECRET, ...options, path: "/api/stripe/connect-webhook" });
  }

  /** Posts an event to the Worker's webhook, signed with `secret` (the right one by default). */
  async send(baseUrl: string, event: object, options: { secret?: string; timestamp?: number; tamper?: boolean; path?: string } = {}) {
    const payload = JSON.stringify(event);
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: options.secret ?? FAKE_WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    const response = await fetch(`${baseUrl}${options.path ?? "/api/stripe/webhook"}`, {
      method: "POST",
      headers: { "stripe-signature": header, "content-type": "application/json" },
      body: options.tamper ? payload.replace("event", "evenT") : payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}
