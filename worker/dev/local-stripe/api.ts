import type { Db } from "../../../db/client";
import { routeConnect } from "./connect";
import { parseStripeForm } from "./form";
import {
  type Body,
  createSession,
  emitEvent,
  endSubscription,
  type LocalStripeEnv,
  type LocalSubscription,
  metadataOf,
  must,
  nowS,
  StripeApiError,
} from "./lifecycle";
import { routeMoney } from "./money";
import { getObject, listObjects, putObject, type StripeObject, stripeId } from "./store";

export {
  LOCAL_CONNECT_WEBHOOK_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  type LocalStripeEnv,
  type LocalSubscription,
  type WebhookEndpoint,
} from "./lifecycle";

/**
 * The local Stripe (ADR 0010, ADR 0033): the part of Stripe's REST API this app uses, served by the
 * doubles' server (worker/dev/doubles.ts) for `npm run dev` and the tests. The Worker's stripe-node
 * client talks to it at STRIPE_API_URL exactly as it talks to api.stripe.com; its events are signed
 * with the local webhook secret and posted to the app's webhook route over HTTP, as Stripe posts them.
 */

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": stripeId("req") } });

/** Idempotency keys whose first request is still being answered (in this process, where the doubles run). */
const inFlight = new Map<string, Promise<void>>();

export async function localStripeFetch(local: LocalStripeEnv, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
  if (!idempotencyKey) return answer(local, request, null);
  // As Stripe: concurrent requests with one key make one object; the later ones wait and get the first one's answer.
  while (inFlight.has(idempotencyKey)) await inFlight.get(idempotencyKey);
  let finished = () => {};
  inFlight.set(idempotencyKey, new Promise<void>((resolve) => (finished = resolve)));
  try {
    return await answer(local, request, idempotencyKey);
  } finally {
    inFlight.delete(idempotencyKey);
    finished();
  }
}

async function answer(local: LocalStripeEnv, request: Request, idempotencyKey: string | null): Promise<Response> {
  const db = local.db;
  if (idempotencyKey) {
    const seen = await getObject<StripeObject & { response: unknown }>(db, `idem_${idempotencyKey}`);
    if (seen) return reply(seen.response);
  }
  try {
    const body = request.method === "POST" ? parseStripeForm(await request.text()) : {};
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const result = await route(
      local,
      db,
      request.method,
      url.pathname,
      request.method === "POST" ? body : query,
      request.headers.get("stripe-account"),
    );
    if (idempotencyKey) await putObject(db, { id: `idem_${idempotencyKey}`, object: "idempotency_key", response: result });
    return reply(result);
  } catch (error) {
    if (error instanceof StripeApiError)
      return reply({ error: { type: "invalid_request_error", code: error.code, message: error.message } }, error.status);
    throw error;
  }
}

async function route(local: LocalStripeEnv, db: Db, method: string, path: string, body: Body, account: string | null): Promise<unknown> {
  // `/v1/<resource>[/<id>[/<action>]]`, with `checkout/sessions` as one resource.
  const parts = path
    .replace(/^\/v1\//, "")
    .replace(/^checkout\/sessions/, "checkout/sessions".replace("/", "~"))
    .split("/");
  const key = `${method} ${parts.map((p, i) => (i === 1 ? ":id" : p)).join("/")}`.replace("~", "/");
  const id = parts[1];
  switch (key) {
    case "POST customers": {
      const customer = {
        id: stripeId("cus"),
        object: "customer",
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: metadataOf(body),
        created: nowS(),
        livemode: false,
      };
      await putObject(db, customer);
      return customer;
    }
    case "DELETE customers/:id": {
      // As Stripe: deleting a customer cancels her subscriptions at once, and the customer answers only `deleted` after.
      await must(db, id, "customer");
      for (const sub of await listObjects<LocalSubscription>(db, "subscription", 1000))
        if (sub.customer === id && sub.status !== "canceled") await endSubscription(local, db, sub, "cancellation_requested");
      const deleted = { id, object: "customer", deleted: true };
      await putObject(db, deleted);
      return deleted;
    }
    case "POST products": {
      const product = {
        id: stripeId("prod"),
        object: "product",
        name: body.name,
        description: body.description ?? null,
        active: true,
        metadata: metadataOf(body),
        created: nowS(),
        livemode: false,
      };
      await putObject(db, product);
      return product;
    }
    case "POST prices": {
      await must(db, String(body.product), "product");
      const recurring = body.recurring as { interval: string } | undefined;
      const price = {
        id: stripeId("price"),
        object: "price",
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
        type: recurring ? "recurring" : "one_time",
        active: true,
        metadata: metadataOf(body),
        created: nowS(),
        livemode: false,
      };
      await putObject(db, price);
      return price;
    }
    case "POST prices/:id": {
      const price = await must(db, id, "price");
      const updated = { ...price, active: body.active === undefined ? price.active : body.active === "true" };
      await putObject(db, updated);
      return updated;
    }
    case "POST checkout/sessions":
      return createSession(db, body, local.pagesOrigin);
    case "GET checkout/sessions/:id":
      return must(db, id, "checkout.session");
    case "POST checkout/sessions/:id/expire": {
      const session = await must(db, id, "checkout.session");
      if (session.status !== "open") throw new StripeApiError(400, "Only open sessions can be expired.", "checkout_session_not_open");
      const expired = { ...session, status: "expired" };
      await putObject(db, expired);
      await emitEvent(local, "checkout.session.expired", expired);
      return expired;
    }
    case "GET subscriptions/:id":
      return must(db, id, "subscription");
    case "POST subscriptions/:id": {
      const sub = await must<LocalSubscription>(db, id, "subscription");
      if (sub.status === "canceled")
        throw new StripeApiError(
          400,
          "A canceled subscription can only update its cancellation_details and metadata.",
          "subscription_canceled",
        );
      const newPrice = (body.items as { price?: string }[] | undefined)?.[0]?.price;
      if (newPrice) {
        // A price change (no proration): the item bills the new price from the next renewal.
        const price = await must(db, newPrice, "price");
        const moved: LocalSubscription = {
          ...sub,
          items: { ...sub.items, data: [{ ...sub.items.data[0], price }, ...sub.items.data.slice(1)] },
        };
        await putObject(db, moved);
        await emitEvent(local, "customer.subscription.updated", moved);
        return moved;
      }
      const cancel = body.cancel_at_period_end === "true";
      const updated: LocalSubscription = {
        ...sub,
        cancel_at_period_end: cancel,
        cancel_at: cancel ? sub.items.data[0].current_period_end : null,
        canceled_at: cancel ? nowS() : null,
        cancellation_details: { reason: cancel ? "cancellation_requested" : null, comment: null, feedback: null },
      };
      await putObject(db, updated);
      await emitEvent(local, "customer.subscription.updated", updated);
      return updated;
    }
    case "DELETE subscriptions/:id":
      return endSubscription(local, db, await must<LocalSubscription>(db, id, "subscription"), "cancellation_requested");
    default: {
      // Connect (accounts, account links, transfers, payouts, balance) and money movements (refunds, disputes): ADR 0024.
      const call = { method, path, key, id, parts, body, account };
      const answer = (await routeMoney(local, db, call)) ?? (await routeConnect(local, db, call));
      if (answer !== undefined) return answer;
      throw new StripeApiError(
        404,
        `Unrecognized request URL (${method}: ${path}). The local Stripe only knows the calls this app makes.`,
        "unrecognized_url",
      );
    }
  }
}
