import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { enrollments, mentors, notifications } from "../../db/schema";
import { LOCAL_PUBLISHABLE_KEY } from "../../worker/dev/local-stripe/events";
import { addMonth } from "../../worker/dev/local-stripe/lifecycle";
import { createMentor, setBlocked, signIn, testDb } from "../support/accounts";
import { errorBody } from "../support/api";
import {
  base,
  checkout,
  isActiveFor,
  mentee,
  ownPaymentsStack,
  pairRows,
  rest,
  sessionIdOf,
  stripe,
  stripePages,
  subscribe,
  trpc,
} from "../support/payments";

ownPaymentsStack();

/** Subscribe and pay against the local Stripe (ADR 0010, ADR 0033): checkout, and the webhook as the one writer of enrollment state. */
describe("checkout", () => {
  it("answers 201 with the Stripe Checkout url; the server sets the price (4 x hourly rate, INR, monthly) and the mentee is the token's", async () => {
    const mentor = await createMentor({ hourlyRatePaise: 250_000 });
    const buyer = await mentee();
    const other = await mentee();
    const { status, body } = await checkout(buyer.accessToken, mentor.id, { mentorPriceId: "price_from_the_client", menteeId: other.id });
    expect(status).toBe(201);
    expect(body.url.startsWith(`${stripePages()}/checkout/cs_test_`)).toBe(true);

    const price = stripe.requestsTo("POST", "/v1/prices").find((r) => r.body.metadata?.mentorId === mentor.id)!;
    expect(price.body).toMatchObject({ currency: "inr", unit_amount: "1000000", recurring: { interval: "month" } });
    const session = await stripe.object(sessionIdOf(body.url));
    // What the app asked Stripe for (the session keeps its price, the request its line items and subscription data).
    const asked = stripe
      .requestsTo("POST", "/v1/checkout/sessions")
      .find((r) => r.idempotencyKey === `checkout-${session.client_reference_id}`)!;
    expect(asked.body).toMatchObject({ mode: "subscription", line_items: [{ price: expect.stringMatching(/^price_/) }] });
    expect(session).toMatchObject({ mode: "subscription", cancel_url: `${base()}/mentees/payment/failed` });
    expect(session.line_items_price).toBe(asked.body.line_items[0].price);
    expect(session.line_items_price).not.toBe("price_from_the_client");
    expect(session.success_url).toBe(`${base()}/mentees/payment/success/{CHECKOUT_SESSION_ID}`);
    const customer = await stripe.object(session.customer);
    expect(customer.email).toBe(buyer.row.email);
    const [row] = await pairRows(buyer.id, mentor.id);
    expect(row).toMatchObject({ status: "pending", amountPaise: 1_000_000, stripeCheckoutSessionId: session.id });
    expect(session.client_reference_id).toBe(row.id);
    expect(asked.body.subscription_data.metadata).toMatchObject({ enrollmentId: row.id, menteeId: buyer.id, mentorId: mentor.id });
    expect(await pairRows(other.id, mentor.id)).toHaveLength(0);
  });

  it("reuses one Stripe Customer per mentee and one Price per mentor rate; a rate change makes a new Price and archives the old", async () => {
    const mentor = await createMentor({ hourlyRatePaise: 100_000 });
    const buyer = await mentee();
    const second = await mentee();
    await checkout(buyer.accessToken, mentor.id);
    await checkout(buyer.accessToken, (await createMentor()).id);
    const customers = stripe.requestsTo("POST", "/v1/customers").filter((r) => r.body.metadata?.menteeId === buyer.id);
    expect(new Set(customers.map((r) => r.idempotencyKey)).size).toBe(1);

    const [before] = await testDb().select().from(mentors).where(eq(mentors.id, mentor.id));
    const mentorToken = (await signIn("mentor", mentor.email)).accessToken;
    await trpc(mentorToken).mentors.updateProfile.mutate({ hourlyRate: 1500 });
    // The new Price is made right after the rate change, before anyone checks out.
    await vi.waitFor(
      async () => {
        const [row] = await testDb().select().from(mentors).where(eq(mentors.id, mentor.id));
        expect(row.stripePriceAmountPaise).toBe(600_000);
        expect((await stripe.object(before.stripePriceId!)).active).toBe(false);
      },
      { timeout: 5_000, interval: 50 },
    );
    const [changed] = await testDb().select().from(mentors).where(eq(mentors.id, mentor.id));
    await checkout(second.accessToken, mentor.id);
    const [after] = await testDb().select().from(mentors).where(eq(mentors.id, mentor.id));
    expect(after.stripePriceId).not.toBe(before.stripePriceId);
    expect(after.stripePriceId).toBe(changed.stripePriceId); // the checkout used the Price made at the change
    expect(after.stripePriceAmountPaise).toBe(600_000);
    expect((await stripe.object(before.stripePriceId!)).active).toBe(false);
    // The first mentee's open checkout keeps the price she was shown.
    expect((await pairRows(buyer.id, mentor.id))[0].amountPaise).toBe(400_000);
  });

  it("a rate change moves renewing subscribers to the new price from their next renewal; one ending at period end stays", async () => {
    const mentor = await createMentor({ hourlyRatePaise: 100_000 });
    const [renewing, leaving] = [await mentee(), await mentee()];
    const renewingSub = (await subscribe(renewing.accessToken, mentor.id)).subscription;
    const leavingSub = (await subscribe(leaving.accessToken, mentor.id)).subscription;
    const [leavingRow] = await trpc(leaving.accessToken).subscriptions.mine.query();
    await trpc(leaving.accessToken).subscriptions.cancel.mutate({ subscriptionId: leavingRow.id });
    await stripe.send(stripe.event("customer.subscription.updated", await stripe.object(leavingSub.id)));
    const mentorToken = (await signIn("mentor", mentor.email)).accessToken;
    await trpc(mentorToken).mentors.updateProfile.mutate({ hourlyRate: 2000 });
    const newPrice = await vi.waitFor(
      async () => {
        const [row] = await testDb().select().from(mentors).where(eq(mentors.id, mentor.id));
        expect(row.stripePriceAmountPaise).toBe(800_000);
        expect(
          stripe.requestsTo("POST", `/v1/subscriptions/${renewingSub.id}`).some((r) => r.body.items?.[0]?.price === row.stripePriceId),
        ).toBe(true);
        return row.stripePriceId!;
      },
      { timeout: 5_000, interval: 50 },
    );
    const moved = stripe.requestsTo("POST", `/v1/subscriptions/${renewingSub.id}`).find((r) => r.body.items?.[0]?.price === newPrice)!;
    expect(moved.body.proration_behavior).toBe("none");
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${leavingSub.id}`).some((r) => r.body.items)).toBe(false);
    // The current period stays at the price paid for it; the renewal invoice is the first at the new price.
    await stripe.send(stripe.event("customer.subscription.updated", await stripe.object(renewingSub.id)));
    const [current] = await pairRows(renewing.id, mentor.id);
    expect(current).toMatchObject({ status: "active", amountPaise: 400_000 });
    expect(current.stripePriceId).not.toBe(newPrice);
    const invoice = (await stripe.renew(renewingSub.id)).invoice;
    expect(invoice.amount_paid).toBe(800_000);
    expect(await stripe.send(stripe.event("invoice.paid", invoice))).toMatchObject({ status: 200, body: { outcome: "renewed" } });
    expect((await pairRows(renewing.id, mentor.id))[0]).toMatchObject({ status: "active", stripePriceId: newPrice, amountPaise: 800_000 });
    expect((await pairRows(leaving.id, mentor.id))[0].amountPaise).toBe(400_000);
  });

  it("refuses an unknown, a pending and a blocked mentor with a clear 4xx", async () => {
    const buyer = await mentee();
    const unknown = await checkout(buyer.accessToken, crypto.randomUUID());
    expect(unknown).toMatchObject({ status: 404, body: { message: expect.stringMatching(/does not exist/) } });
    const pending = await createMentor({ status: "pending" });
    expect(await checkout(buyer.accessToken, pending.id)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/under review/) },
    });
    const blocked = await createMentor();
    await setBlocked("mentor", blocked.id, true);
    expect(await checkout(buyer.accessToken, blocked.id)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not available/) },
    });
    expect(await checkout(buyer.accessToken, "")).toMatchObject({ status: 400 });
  });

  it("needs a signed-in mentee", async () => {
    const mentor = await createMentor();
    expect((await rest("POST", "/api/mentees/create-checkout", { body: { mentorId: mentor.id } })).status).toBe(401);
    const mentorToken = (await signIn("mentor", mentor.email)).accessToken;
    expect((await checkout(mentorToken, mentor.id)).status).toBe(403);
  });

  it("a blocked mentee is refused before anything reaches Stripe or is written (her reads travel with the account check)", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    await setBlocked("mentee", buyer.id, true);
    const answer = await checkout(buyer.accessToken, mentor.id);
    expect(answer.status).toBe(403);
    expect(stripe.requestsTo("POST", "/v1/customers").filter((r) => r.body.metadata?.menteeId === buyer.id)).toEqual([]);
    expect(stripe.requestsTo("POST", "/v1/checkout/sessions").filter((r) => r.body.metadata?.menteeId === buyer.id)).toEqual([]);
    expect(await pairRows(buyer.id, mentor.id)).toEqual([]);
  });

  it("shares one pending enrollment and one Checkout Session between concurrent checkouts of a pair", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(buyer.accessToken, mentor.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    const rows = await pairRows(buyer.id, mentor.id);
    expect(rows).toHaveLength(1);
    const sessionsMade = new Set(
      stripe
        .requestsTo("POST", "/v1/checkout/sessions")
        .filter((r) => r.body.metadata?.mentorId === mentor.id && r.body.metadata?.menteeId === buyer.id)
        .map((r) => r.idempotencyKey),
    );
    expect([...sessionsMade]).toEqual([`checkout-${rows[0].id}`]);
  });

  it("answers 409 'You are already subscribed to this Mentor' once active, over REST and tRPC", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    await subscribe(buyer.accessToken, mentor.id);
    expect(await checkout(buyer.accessToken, mentor.id)).toEqual({
      status: 409,
      body: errorBody("You are already subscribed to this Mentor"),
    });
    await expect(trpc(buyer.accessToken).payments.createCheckout.mutate({ mentorId: mentor.id })).rejects.toThrow(
      "You are already subscribed to this Mentor",
    );
  });

  it("publishes the publishable key and refuses create-payment-intent with a pointer to checkout", async () => {
    expect(await rest("GET", "/api/mentees/stripe-config")).toEqual({ status: 200, body: { publishableKey: LOCAL_PUBLISHABLE_KEY } });
    const buyer = await mentee();
    const intent = await rest("POST", "/api/mentees/create-payment-intent", { token: buyer.accessToken, body: {} });
    expect(intent.status).toBe(400);
    expect(intent.body.message).toMatch(/create-checkout/);
  });
});
describe("webhook", () => {
  it("refuses a bad signature with 400: wrong secret, tampered body, too old, or none", async () => {
    const event = stripe.event("customer.subscription.updated", { id: "sub_nothing", object: "subscription" });
    expect((await stripe.send(event, { secret: "whsec_not_ours" })).status).toBe(400);
    expect((await stripe.send(event, { tamper: true })).status).toBe(400);
    expect((await stripe.send(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const unsigned = await fetch(`${base()}/api/stripe/webhook`, { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // Within the tolerance it is accepted.
    expect(
      (
        await stripe.send(stripe.event("product.created", { id: "prod_x", object: "product" }), {
          timestamp: Math.floor(Date.now() / 1000) - 200,
        })
      ).status,
    ).toBe(200);
  });

  it("activates on checkout.session.completed and tells the mentee and the mentor ('New subscriber')", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(false);
    const start = Math.floor(Date.now() / 1000);
    await subscribe(buyer.accessToken, mentor.id, { start, end: start + 30 * 86400 });
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(true);
    const [row] = await pairRows(buyer.id, mentor.id);
    expect(row).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date((start + 30 * 86400) * 1000),
      stripeSubscriptionId: expect.stringMatching(/^sub_/),
    });
    const mentorNotes = await testDb().select().from(notifications).where(eq(notifications.recipientId, mentor.id));
    expect(mentorNotes.map((n) => n.content)).toEqual([expect.stringMatching(/^New subscriber: /)]);
    const menteeNotes = await testDb().select().from(notifications).where(eq(notifications.recipientId, buyer.id));
    // (Besides the sign-in alert of ADR 0006.)
    expect(menteeNotes.filter((n) => /subscription/.test(n.content)).map((n) => n.content)).toEqual([expect.stringMatching(/is active/)]);
  });

  it("handles duplicate and reordered events: one active enrollment, one activation, one notification", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const { body } = await checkout(buyer.accessToken, mentor.id);
    const paid = await stripe.pay(sessionIdOf(body.url));
    const invoicePaid = stripe.event("invoice.paid", paid.invoice);
    const completed = stripe.event("checkout.session.completed", paid.session);
    // invoice.paid arrives first and activates; the rest change nothing.
    expect((await stripe.send(invoicePaid)).body.outcome).toBe("activated");
    const answers = await Promise.all([stripe.send(completed), stripe.send(completed), stripe.send(invoicePaid)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.outcome)).not.toContain("activated");
    const rows = await pairRows(buyer.id, mentor.id);
    expect(rows.filter((r) => r.status === "active")).toHaveLength(1);
    expect(rows).toHaveLength(1);
    const mentorNotes = await testDb().select().from(notifications).where(eq(notifications.recipientId, mentor.id));
    expect(mentorNotes).toHaveLength(1);
  });

  it("cancels a second paid subscription for the same pair in Stripe instead of activating it", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const first = await checkout(buyer.accessToken, mentor.id);
    // Her first checkout is 25+ minutes old, so a second one is opened; she pays both.
    await testDb()
      .update(enrollments)
      .set({ createdAt: new Date(Date.now() - 26 * 60_000) })
      .where(eq(enrollments.stripeCheckoutSessionId, sessionIdOf(first.body.url)));
    const second = await checkout(buyer.accessToken, mentor.id);
    expect(second.body.url).not.toBe(first.body.url);
    const paidSecond = await stripe.pay(sessionIdOf(second.body.url));
    const paidFirst = await stripe.pay(sessionIdOf(first.body.url));
    expect((await stripe.send(stripe.event("checkout.session.completed", paidSecond.session))).body.outcome).toBe("activated");
    expect((await stripe.send(stripe.event("checkout.session.completed", paidFirst.session))).body.outcome).toBe("duplicate-canceled");
    expect((await stripe.object(paidFirst.subscription.id)).status).toBe("canceled");
    const rows = await pairRows(buyer.id, mentor.id);
    expect(rows.filter((r) => r.status === "active").map((r) => r.stripeSubscriptionId)).toEqual([paidSecond.subscription.id]);
  });

  it("renews on invoice.paid and never moves the period back when an old invoice arrives late", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const paid = await subscribe(buyer.accessToken, mentor.id);
    const firstEnd = paid.subscription.items.data[0].current_period_end;
    const renewal = (await stripe.renew(paid.subscription.id)).invoice;
    expect((await stripe.send(stripe.event("invoice.paid", renewal))).body.outcome).toBe("renewed");
    const [renewed] = await pairRows(buyer.id, mentor.id);
    expect(renewed.currentPeriodStart).toEqual(new Date(firstEnd * 1000));
    expect(renewed.currentPeriodEnd).toEqual(new Date(addMonth(firstEnd) * 1000));
    expect(renewed.currentPeriodEnd).toEqual(new Date(renewal.lines.data[0].period.end * 1000));
    // The first invoice's event redelivered under a new id, after the renewal.
    expect((await stripe.send(stripe.event("invoice.paid", paid.invoice))).body.outcome).toBe("unchanged");
    expect((await pairRows(buyer.id, mentor.id))[0].currentPeriodEnd).toEqual(renewed.currentPeriodEnd);
  });

  it("marks a failed renewal payment, then expires the subscription when Stripe gives up", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const paid = await subscribe(buyer.accessToken, mentor.id);
    const { subscription: pastDue, invoice: failed } = await stripe.failRenewal(paid.subscription.id);
    expect(pastDue.status).toBe("past_due");
    expect(failed).toMatchObject({ status: "open", amount_paid: 0 });
    expect((await stripe.send(stripe.event("invoice.payment_failed", failed))).body.outcome).toBe("payment-failed");
    const mine = await trpc(buyer.accessToken).subscriptions.mine.query();
    expect(mine[0]).toMatchObject({ status: "active", paymentFailed: true });
    const ended = await stripe.end(paid.subscription.id, "payment_failed");
    expect((await stripe.send(stripe.event("customer.subscription.deleted", ended))).body.outcome).toBe("ended");
    expect((await pairRows(buyer.id, mentor.id))[0].status).toBe("expired");
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(false);
  });
});
