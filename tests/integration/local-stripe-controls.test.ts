import { describe, expect, it } from "vitest";
import type { LocalStripeRequest } from "../../worker/dev/local-stripe/controls";
import { getObject, type StripeObject } from "../../worker/dev/local-stripe/store";
import { testDb } from "../support/accounts";
import { doublesUrl } from "../support/api";
import { payOnLocalCheckout, readyMentor } from "../support/local-money";

/**
 * The shared stack's local Stripe scripted over HTTP (ADR 0033): the calls the app made, read back with their
 * bodies and idempotency keys, and a chosen event about an object it keeps, signed and sent to the app's webhook.
 */

const object = async (id: string) => (await getObject<StripeObject>(testDb(), id))!;
const requests = async (query: Record<string, string>) =>
  (await (await fetch(`${doublesUrl()}/dev/stripe/test/requests?${new URLSearchParams(query)}`)).json()) as LocalStripeRequest[];
const sendEvent = (body: unknown) =>
  fetch(`${doublesUrl()}/dev/stripe/test/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the local Stripe's controls over HTTP", () => {
  it("lists the checkout the app asked for, and redelivers its paid invoice's event to the app, which has nothing left to do", async () => {
    const { mentor, account } = await readyMentor();
    const { sessionId } = await payOnLocalCheckout(mentor.id);
    const session = await object(sessionId);

    const asked = (await requests({ method: "POST", path: "/v1/checkout/sessions" })).filter(
      (r) => r.idempotencyKey === `checkout-${session.client_reference_id}`,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      account: null,
      body: { mode: "subscription", subscription_data: { transfer_data: { destination: account }, metadata: { mentorId: mentor.id } } },
    });
    expect((await requests({ method: "GET", path: "/v1/checkout/sessions" })).every((r) => r.method === "GET")).toBe(true);

    const subscription = await object(String(session.subscription));
    const redelivered = await sendEvent({ type: "invoice.paid", id: subscription.latest_invoice });
    expect(redelivered.status).toBe(200);
    expect(await redelivered.json()).toEqual({ status: 200, body: { received: true, outcome: "unchanged" } });
  });

  it("refuses an event it cannot write, in words", async () => {
    const missing = await sendEvent({ type: "invoice.paid", id: "in_nothing_here" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "The local Stripe has no object in_nothing_here." });
    const shapeless = await sendEvent({ id: "in_x" });
    expect(shapeless.status).toBe(400);
    expect(((await shapeless.json()) as { message: string }).message).toMatch(/Send \{ type, id \}/);
  });
});
