import { type FakeObject, type FakeRequest, type FakeResult, type FakeRoute, type FakeStripe, fakeId } from "./fake-stripe";

/**
 * The fake Stripe's money movements (ADR 0024): refunds (with `reverse_transfer` and
 * `refund_application_fee` acting on a destination charge's transfer), transfers and their
 * reversals, transfers listed by group, and disputes a test opens and closes. Register with
 * `fake.routes.push(moneyRoute)`. Accounts, balance and payouts are in fake-stripe-connect.ts.
 */

const nowS = () => Math.floor(Date.now() / 1000);
const error = (status: number, message: string, code = "invalid_request_error"): FakeResult => ({
  status,
  body: { error: { type: status >= 500 ? "api_error" : "invalid_request_error", code, message } },
});

/** Answers planned for the next matching requests (a failure once, then the real answer). */
const planned = new WeakMap<FakeStripe, { method: string; path: RegExp; when: (request: FakeRequest) => boolean; result: FakeResult }[]>();

/** The next request matching `method`, `path` and `when` gets `result` instead of its answer (once). */
export function failNext(
  fake: FakeStripe,
  method: string,
  path: RegExp,
  when: (request: FakeRequest) => boolean = () => true,
  result: FakeResult = error(400, "Insufficient funds in the platform's balance.", "balance_insufficient"),
) {
  const list = planned.get(fake) ?? [];
  list.push({ method, path, when, result });
  planned.set(fake, list);
}

function reverse(fake: FakeStripe, transfer: FakeObject, amount: number, metadata: Record<string, string> = {}): FakeObject {
  const reversal = {
    id: fakeId("trr"),
    object: "transfer_reversal",
    amount,
    currency: transfer.currency,
    transfer: transfer.id,
    metadata,
    created: nowS(),
  };
  const amountReversed = transfer.amount_reversed + amount;
  fake.objects.set(transfer.id, {
    ...transfer,
    amount_reversed: amountReversed,
    reversed: amountReversed >= transfer.amount,
    reversals: { object: "list", data: [...transfer.reversals.data, reversal] },
  });
  return reversal;
}

export const moneyRoute: FakeRoute = (request: FakeRequest, fake: FakeStripe) => {
  const { method, path, body } = request;
  const plans = planned.get(fake) ?? [];
  const plan = plans.findIndex((p) => p.method === method && p.path.test(path) && p.when(request));
  if (plan >= 0) return plans.splice(plan, 1)[0].result;
  let m: RegExpMatchArray | null;

  if (method === "POST" && path === "/v1/refunds") {
    const charge = [...fake.objects.values()].find((o) => o.object === "charge" && o.payment_intent === body.payment_intent);
    if (!charge) return error(404, `No such payment_intent: '${body.payment_intent}'`, "resource_missing");
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    if (!(amount > 0) || charge.amount_refunded + amount > charge.amount)
      return error(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded})`,
        "amount_too_large",
      );
    if (charge.disputed) return error(400, `Charge ${charge.id} has been disputed`, "charge_disputed");
    let transferReversal: FakeObject | null = null;
    if (body.reverse_transfer === "true" && charge.transfer) {
      const transfer = fake.objects.get(charge.transfer)!;
      transferReversal = reverse(fake, transfer, Math.floor((transfer.amount * amount) / charge.amount));
    }
    const feeRefunded =
      body.refund_application_fee === "true" && charge.application_fee_amount
        ? Math.floor((charge.application_fee_amount * amount) / charge.amount)
        : 0;
    const refund = {
      id: fakeId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: "succeeded",
      currency: charge.currency,
      metadata: body.metadata ?? {},
      transfer_reversal: transferReversal?.id ?? null,
      application_fee_refunded: feeRefunded,
      created: nowS(),
    };
    fake.objects.set(refund.id, refund);
    fake.objects.set(charge.id, {
      ...fake.objects.get(charge.id)!,
      amount_refunded: charge.amount_refunded + amount,
      refunded: charge.amount_refunded + amount >= charge.amount,
    });
    return fake.put(refund);
  }
  if (method === "POST" && path === "/v1/transfers") {
    const transfer = {
      id: fakeId("tr"),
      object: "transfer",
      amount: Number(body.amount),
      currency: body.currency,
      destination: body.destination,
      amount_reversed: 0,
      reversed: false,
      reversals: { object: "list", data: [] },
      source_transaction: body.source_transaction ?? null,
      transfer_group: body.transfer_group ?? null,
      metadata: body.metadata ?? {},
      created: nowS(),
    };
    return fake.put(transfer);
  }
  if (method === "GET" && path === "/v1/transfers") {
    const group = body.transfer_group;
    const data = [...fake.objects.values()].filter((o) => o.object === "transfer" && (!group || o.transfer_group === group)).reverse();
    return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/transfers" } };
  }
  if (method === "POST" && (m = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/))) {
    const transfer = fake.objects.get(m[1]);
    if (!transfer) return fake.missing(m[1]);
    const amount = body.amount === undefined ? transfer.amount - transfer.amount_reversed : Number(body.amount);
    if (!(amount > 0) || transfer.amount_reversed + amount > transfer.amount)
      return error(
        400,
        `Reversal amount (${amount}) is greater than what is left of the transfer (${transfer.amount - transfer.amount_reversed})`,
        "amount_too_large",
      );
    return { status: 200, body: reverse(fake, transfer, amount, body.metadata ?? {}) };
  }
  if (method === "GET" && (m = path.match(/^\/v1\/(transfers|disputes|refunds)\/([^/]+)$/))) {
    const found = fake.objects.get(m[2]);
    return found ? { status: 200, body: found } : fake.missing(m[2]);
  }
  return undefined;
};

/** The paid invoice's charge (its payment). */
export function chargeOfInvoice(fake: FakeStripe, invoiceId: string): FakeObject {
  const invoice = fake.objects.get(invoiceId)!;
  const intent = invoice.payments.data[0].payment.payment_intent;
  return [...fake.objects.values()].find((o) => o.object === "charge" && o.payment_intent === intent)!;
}

/** The mentee's bank disputes the charge: the dispute object (needs_response) to send `charge.dispute.created` with. */
export function openDispute(fake: FakeStripe, chargeId: string): FakeObject {
  const charge = fake.objects.get(chargeId)!;
  const dispute = {
    id: fakeId("dp"),
    object: "dispute",
    amount: charge.amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    status: "needs_response",
    reason: "fraudulent",
    created: nowS(),
  };
  fake.objects.set(dispute.id, dispute);
  fake.objects.set(charge.id, { ...charge, disputed: true });
  return dispute;
}

/** The bank decided: won (the money comes back) or lost. */
export function closeDispute(fake: FakeStripe, disputeId: string, outcome: "won" | "lost"): FakeObject {
  const dispute = { ...fake.objects.get(disputeId)!, status: outcome };
  fake.objects.set(disputeId, dispute);
  return dispute;
}
