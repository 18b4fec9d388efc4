import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings, moderationActions, notifications, payoutAccounts } from "../../db/schema";
import { platformFeePaise } from "../../shared/payouts";
import { accountFields } from "../../worker/dev/local-stripe/controls";
import { stripeId } from "../../worker/dev/local-stripe/store";
import { createMentor, testDb } from "../support/accounts";
import { createModerator } from "../support/moderation";
import { base, checkout, mentee, ownPaymentsStack, sessionIdOf, stripe, subscribe, trpc } from "../support/payments";

ownPaymentsStack();

/**
 * Mentors' payouts (ADR 0024) against the local Stripe (ADR 0033), its events sent in each test's order: the split at checkout, one ledger row per
 * paid invoice, held shares transferred by the cron once the mentor's account is ready (retried
 * without paying twice, one transfer for concurrent runs), refunds in proportion on both routes,
 * and a dispute opened and then won.
 */
const HOURLY = 200_000; // ₹2,000 an hour
const GROSS = 4 * HOURLY; // ₹8,000 a month
const FEE = platformFeePaise(GROSS, 20); // ₹1,600
const NET = GROSS - FEE; // ₹6,400

const db = () => testDb();
const rowOf = async (invoiceId: string) => (await db().select().from(earnings).where(eq(earnings.invoiceId, invoiceId)))[0];
const rowsOfMentor = (mentorId: string) => db().select().from(earnings).where(eq(earnings.mentorId, mentorId));

/** The mentor's Express account at Stripe (ready, or onboarding unfinished) and his payout_accounts row saying so. */
async function readyAccount(mentorId: string, ready = true) {
  const known = await db().query.payoutAccounts.findFirst({ where: eq(payoutAccounts.mentorId, mentorId) });
  const stripeAccountId = known?.stripeAccountId ?? stripeId("acct");
  await stripe.put({
    id: stripeAccountId,
    object: "account",
    type: "express",
    country: "IN",
    default_currency: "inr",
    email: null,
    metadata: { mentorId },
    created: Math.floor(Date.now() / 1000),
    ...accountFields(ready ? "ready" : "incomplete"),
  });
  await db()
    .insert(payoutAccounts)
    .values({ mentorId, stripeAccountId, chargesEnabled: ready, payoutsEnabled: ready, detailsSubmitted: ready })
    .onConflictDoUpdate({
      target: payoutAccounts.mentorId,
      set: { chargesEnabled: ready, payoutsEnabled: ready, detailsSubmitted: ready },
    });
  return (await db().query.payoutAccounts.findFirst({ where: eq(payoutAccounts.mentorId, mentorId) }))!.stripeAccountId;
}

async function cron() {
  const response = await fetch(`${base()}/dev/cron/transferHeldShares`, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { transferHeldShares: { transferred: number; failed: number } }).transferHeldShares;
}

/** What the app asked Stripe for when it opened this checkout session (its split, if any). */
const checkoutAsked = async (sessionId: string) => {
  const { client_reference_id: enrollmentId } = await stripe.object(sessionId);
  const asked = stripe.requestsTo("POST", "/v1/checkout/sessions").find((r) => r.idempotencyKey === `checkout-${enrollmentId}`);
  expect(asked, `the app's request for ${sessionId}`).toBeDefined();
  return asked!;
};

const transfersOf = (invoiceId: string) =>
  stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.path === "/v1/transfers" && r.body.transfer_group === invoiceId);

/** A fresh mentee subscribed to the mentor, and the first invoice's event delivered: the ledger row of that payment. */
async function paidSubscription(mentorId: string) {
  const buyer = await mentee();
  const paid = await subscribe(buyer.accessToken, mentorId);
  const delivered = await stripe.send(stripe.event("invoice.paid", paid.invoice));
  expect(delivered.status).toBe(200);
  return { buyer, paid, invoice: paid.invoice, row: await rowOf(paid.invoice.id) };
}

const moderator = () => createModerator();
const mentorNotices = async (mentorId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, mentorId)))
  ).map((n) => n.content);
const refund = async (token: string, earningId: string, amountPaise?: number) =>
  trpc(token).moderation.refundPayment.mutate({ earningId, amountPaise, reason: "Mentor missed the sessions" });

describe("the split", () => {
  it("a mentor with a ready payout account gets destination charges: checkout asks for them and every paid invoice writes one ledger row with the fee and net", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const account = await readyAccount(mentor.id);
    const { paid, row } = await paidSubscription(mentor.id);

    const asked = await checkoutAsked(paid.session.id);
    expect(asked.body.subscription_data).toMatchObject({ transfer_data: { destination: account }, application_fee_percent: "20" });
    expect(await stripe.object(paid.subscription.id)).toMatchObject({
      transfer_data: { destination: account },
      application_fee_percent: 20,
    });
    const intent = (await stripe.object(paid.invoice.id)).payments.data[0].payment.payment_intent;
    expect(row).toMatchObject({
      route: "destination",
      grossPaise: 800_000,
      feePaise: 160_000,
      netPaise: 640_000,
      paymentIntentId: intent,
      mentorId: mentor.id,
      transferId: null,
      refundedPaise: 0,
    });
    // Stripe moved his share with the charge: the held-share job has nothing to do for it.
    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);

    const renewal = (await stripe.renew(paid.subscription.id)).invoice;
    expect((await stripe.send(stripe.event("invoice.paid", renewal))).body.outcome).toBe("renewed");
    expect(await rowOf(renewal.id)).toMatchObject({ route: "destination", grossPaise: GROSS, feePaise: FEE, netPaise: NET });
    expect(await rowsOfMentor(mentor.id)).toHaveLength(2);
  });

  it("a mentor without a ready account: no split at checkout, the payment is held with the configured fee, and the cron transfers net once his account is ready", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    await readyAccount(mentor.id, false); // onboarding unfinished
    const { paid, row } = await paidSubscription(mentor.id);
    expect((await checkoutAsked(paid.session.id)).body.subscription_data.transfer_data).toBeUndefined();
    expect((await stripe.object(paid.subscription.id)).transfer_data).toBeNull();
    expect(row).toMatchObject({ route: "held", grossPaise: GROSS, feePaise: FEE, netPaise: NET, transferId: null });

    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);
    expect((await rowOf(paid.invoice.id)).transferId).toBeNull();

    const account = await readyAccount(mentor.id);
    expect((await cron()).transferred).toBeGreaterThanOrEqual(1);
    const [transfer] = transfersOf(paid.invoice.id);
    expect(transfer.idempotencyKey).toBe(`transfer-${paid.invoice.id}`);
    expect(transfer.body).toMatchObject({ amount: String(NET), currency: "inr", destination: account, transfer_group: paid.invoice.id });
    const after = await rowOf(paid.invoice.id);
    expect(after.transferId).toMatch(/^tr_/);
    expect(await stripe.object(after.transferId!)).toMatchObject({ amount: NET, destination: account });
    expect(after).toMatchObject({ transferAttempts: 1, lastTransferError: null });

    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(1);
  });

  it("duplicate and reordered invoice events write one ledger row", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const buyer = await mentee();
    const { body } = await checkout(buyer.accessToken, mentor.id);
    const paid = await stripe.pay(sessionIdOf(body.url));
    // invoice.paid first (activates), then the same again, then under another id, then the checkout event.
    const first = stripe.event("invoice.paid", paid.invoice);
    expect((await stripe.send(first)).body.outcome).toBe("activated");
    expect((await stripe.send(first)).body.outcome).toBe("duplicate-event");
    expect((await stripe.send(stripe.event("invoice.paid", paid.invoice))).body.outcome).toBe("unchanged");
    expect((await stripe.send(stripe.event("checkout.session.completed", paid.session))).body.outcome).toBe("unchanged");
    const rows = await rowsOfMentor(mentor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ invoiceId: paid.invoice.id, route: "held", grossPaise: GROSS });
  });
});

describe("held transfers", () => {
  it("a transfer Stripe refuses is retried by the next run, without paying twice", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid } = await paidSubscription(mentor.id);
    await readyAccount(mentor.id);
    stripe.failNext("POST", /^\/v1\/transfers$/, (r) => r.body.transfer_group === paid.invoice.id);

    await cron();
    let row = await rowOf(paid.invoice.id);
    expect(row).toMatchObject({ transferId: null, transferAttempts: 1 });
    expect(row.lastTransferError).toMatch(/Insufficient funds/);
    expect(transfersOf(paid.invoice.id)).toHaveLength(1);

    await cron();
    row = await rowOf(paid.invoice.id);
    expect(row).toMatchObject({ transferAttempts: 2, lastTransferError: null });
    expect(row.transferId).toMatch(/^tr_/);
    // The retry looked for a transfer already made for the invoice, then sent a key of its own (Stripe remembers the failed one).
    expect(stripe.requestsTo("GET", "/v1/transfers").some((r) => r.body.transfer_group === paid.invoice.id)).toBe(true);
    expect(transfersOf(paid.invoice.id).map((r) => r.idempotencyKey)).toEqual([
      `transfer-${paid.invoice.id}`,
      `transfer-${paid.invoice.id}-2`,
    ]);
    const made = await stripe.find("transfer", (o) => o.transfer_group === paid.invoice.id);
    expect(made).toHaveLength(1);
  });

  it("a retry after a transfer that went through unheard records that transfer instead of paying again", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid, row } = await paidSubscription(mentor.id);
    const account = await readyAccount(mentor.id);
    // The first attempt's transfer was made at Stripe, but the answer never came back.
    const lost = await stripe.put({
      id: stripeId("tr"),
      object: "transfer",
      amount: NET,
      currency: "inr",
      destination: account,
      amount_reversed: 0,
      reversed: false,
      reversals: { object: "list", data: [] },
      transfer_group: paid.invoice.id,
      metadata: { earningId: row.id },
    });
    await db().update(earnings).set({ transferAttempts: 1, lastTransferError: "timed out" }).where(eq(earnings.id, row.id));

    await cron();
    expect(await rowOf(paid.invoice.id)).toMatchObject({ transferId: lost.id, transferAttempts: 2, lastTransferError: null });
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);
  });

  it("a row another run has taken is left alone until that run's lease ends, then retried without paying twice", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid, row } = await paidSubscription(mentor.id);
    await readyAccount(mentor.id);
    // Another run took the row a minute ago and is still waiting for Stripe.
    await db()
      .update(earnings)
      .set({ transferAttempts: 1, transferClaimedAt: new Date(Date.now() - 60_000) })
      .where(eq(earnings.id, row.id));
    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);
    expect(await rowOf(paid.invoice.id)).toMatchObject({ transferAttempts: 1, transferId: null });

    // That run died: once its lease is over, the next run looks for its transfer first, then pays once.
    await db()
      .update(earnings)
      .set({ transferClaimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(earnings.id, row.id));
    await cron();
    expect(transfersOf(paid.invoice.id).map((r) => r.idempotencyKey)).toEqual([`transfer-${paid.invoice.id}-2`]);
    expect(await rowOf(paid.invoice.id)).toMatchObject({
      transferAttempts: 2,
      transferClaimedAt: null,
      transferId: expect.stringMatching(/^tr_/),
    });
  });

  it("two runs at once make one transfer request and one ledger update", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid } = await paidSubscription(mentor.id);
    await readyAccount(mentor.id);
    await Promise.all([cron(), cron()]);
    const requests = transfersOf(paid.invoice.id);
    expect(requests).toHaveLength(1);
    expect(requests[0].idempotencyKey).toBe(`transfer-${paid.invoice.id}`);
    const row = await rowOf(paid.invoice.id);
    expect(row).toMatchObject({ transferAttempts: 1, transferId: expect.stringMatching(/^tr_/) });
  });
});

describe("refunds", () => {
  it("destination: a partial refund reverses the transfer and gives the fee back in proportion; then the rest in full; then nothing is left", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    await readyAccount(mentor.id);
    const { paid, row } = await paidSubscription(mentor.id);
    const mod = await moderator();
    const charge = await stripe.chargeOfInvoice(paid.invoice.id);

    const line = await refund(mod.token, row.id, 200_000); // ₹2,000 of ₹8,000
    const request = stripe.requestsTo("POST", "/v1/refunds").at(-1)!;
    expect(request.body).toMatchObject({
      payment_intent: row.paymentIntentId,
      amount: "200000",
      reverse_transfer: "true",
      refund_application_fee: "true",
    });
    expect(line).toMatchObject({
      id: row.id,
      grossPaise: GROSS,
      refundedPaise: 200_000,
      netPaise: NET - 160_000,
      status: "partially_refunded",
    });
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 200_000, reversedPaise: 160_000, feeRefundedPaise: 40_000 });
    expect((await stripe.object(charge.transfer!)).amount_reversed).toBe(160_000);
    const [audit] = await db()
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.moderatorId, mod.id), eq(moderationActions.action, "refund_payment")));
    expect(audit).toMatchObject({ targetRole: "mentee", targetId: row.menteeId, reason: "Mentor missed the sessions" });
    expect(JSON.parse(audit.details!)).toMatchObject({ earningId: row.id, amountPaise: 200_000 });

    // Stripe's own event for that refund changes nothing more.
    const refunded = await stripe.object(charge.id);
    expect((await stripe.send(stripe.event("charge.refunded", refunded))).body.outcome).toBe("refund-recorded");
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 200_000, reversedPaise: 160_000, feeRefundedPaise: 40_000 });
    expect((await mentorNotices(mentor.id)).filter((n) => n.includes("was refunded"))).toEqual([
      expect.stringMatching(/^₹2,000 of .+'s payment of ₹8,000 was refunded; your share of it is now ₹4,800\.$/),
    ]);

    await expect(refund(mod.token, row.id, 600_001)).rejects.toThrow(/between ₹0.01 and ₹6,000/);
    const rest = await refund(mod.token, row.id);
    expect(stripe.requestsTo("POST", "/v1/refunds").at(-1)!.body).toMatchObject({ amount: "600000", reverse_transfer: "true" });
    expect(rest).toMatchObject({ refundedPaise: GROSS, netPaise: 0, status: "refunded" });
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: GROSS, reversedPaise: NET, feeRefundedPaise: FEE });
    await expect(refund(mod.token, row.id)).rejects.toThrow(/already fully refunded/);
  });

  it("held and transferred: the platform refunds and reverses our transfer by the mentor's part", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid, row } = await paidSubscription(mentor.id);
    await readyAccount(mentor.id);
    await cron();
    const transferId = (await rowOf(paid.invoice.id)).transferId!;
    const mod = await moderator();

    await refund(mod.token, row.id, 200_000);
    const request = stripe.requestsTo("POST", "/v1/refunds").at(-1)!;
    expect(request.body.reverse_transfer).toBeUndefined();
    const [reversal] = stripe.requestsTo("POST", `/v1/transfers/${transferId}/reversals`);
    expect(reversal.body.amount).toBe("160000");
    expect(reversal.idempotencyKey).toBe(`reversal-${paid.invoice.id}-160000`);
    expect((await stripe.object(transferId)).amount_reversed).toBe(160_000);
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 200_000, reversedPaise: 160_000, feeRefundedPaise: 40_000 });

    // A refund made in Stripe's dashboard (₹1,000 more): its event moves the mentor's part back too.
    const charge = await stripe.chargeOfInvoice(paid.invoice.id);
    await stripe.put({ ...(await stripe.object(charge.id)), amount_refunded: 300_000 });
    expect((await stripe.send(stripe.event("charge.refunded", await stripe.object(charge.id)))).body.outcome).toBe("refund-recorded");
    expect((await stripe.object(transferId)).amount_reversed).toBe(240_000);
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 300_000, reversedPaise: 240_000, feeRefundedPaise: 60_000 });
  });

  it("held, not transferred yet: refund only; the cron then transfers what is left of his share", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid, row } = await paidSubscription(mentor.id);
    const mod = await moderator();
    const line = await refund(mod.token, row.id, 200_000);
    expect(line).toMatchObject({ status: "partially_refunded", netPaise: NET - 160_000 });
    expect(stripe.requestsTo("POST", "/v1/refunds").at(-1)!.body.reverse_transfer).toBeUndefined();

    await readyAccount(mentor.id);
    await cron();
    expect(transfersOf(paid.invoice.id).map((r) => r.body.amount)).toEqual([String(NET - 160_000)]);
  });

  it("counts refunds made in Stripe's dashboard whose event has not arrived, and says so when Stripe refuses one", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    await readyAccount(mentor.id);
    const { paid, row } = await paidSubscription(mentor.id);
    const mod = await moderator();
    const charge = await stripe.chargeOfInvoice(paid.invoice.id);
    await stripe.put({ ...charge, amount_refunded: 100_000 }); // ₹1,000 refunded in the dashboard, no event yet

    expect(await refund(mod.token, row.id, 200_000)).toMatchObject({ refundedPaise: 300_000 });
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 300_000, reversedPaise: 240_000, feeRefundedPaise: 60_000 });

    const now = await stripe.object(charge.id);
    await stripe.put({ ...now, amount_refunded: now.amount_refunded + 100_000 }); // another ₹1,000 there
    await expect(refund(mod.token, row.id)).rejects.toThrow(
      /refused this refund: Refund amount \(₹5000\) is greater than unrefunded amount on charge \(₹4000\)/,
    );
    expect(await rowOf(paid.invoice.id)).toMatchObject({ refundedPaise: 300_000 });
  });

  it("refuses what it cannot refund, in words", async () => {
    const mod = await moderator();
    await expect(refund(mod.token, crypto.randomUUID())).rejects.toThrow(/not found/);
    const buyer = await mentee();
    await expect(
      trpc(buyer.accessToken).moderation.refundPayment.mutate({ earningId: crypto.randomUUID(), reason: "because" }),
    ).rejects.toThrow();
  });
});

describe("disputes", () => {
  it("a dispute takes the mentor's share back from the destination transfer; won, it is transferred to him again (once)", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const account = await readyAccount(mentor.id);
    const { paid, row, buyer } = await paidSubscription(mentor.id);
    const charge = await stripe.chargeOfInvoice(paid.invoice.id);
    const dispute = await stripe.openDispute(charge.id);
    const who = `${buyer.row.firstName} ${buyer.row.lastName}`;

    expect((await stripe.send(stripe.event("charge.dispute.created", dispute))).body.outcome).toBe("dispute-opened");
    const [reversal] = stripe.requestsTo("POST", `/v1/transfers/${charge.transfer}/reversals`);
    expect(reversal).toMatchObject({ idempotencyKey: `dispute-${dispute.id}`, body: { amount: String(NET) } });
    expect(await rowOf(paid.invoice.id)).toMatchObject({ disputeId: dispute.id, disputeStatus: "needs_response", reversedPaise: 0 });
    expect(await mentorNotices(mentor.id)).toContain(
      `${who}'s bank disputed a payment of ₹8,000. Your share of it (₹6,400) is held back until the bank decides.`,
    );
    const mod = await moderator();
    await expect(refund(mod.token, row.id)).rejects.toThrow(/disputed/);

    const won = await stripe.closeDispute(dispute.id, "won");
    const closed = stripe.event("charge.dispute.closed", won);
    expect((await stripe.send(closed)).body.outcome).toBe("dispute-won");
    const again = stripe
      .requestsTo("POST", "/v1/transfers")
      .filter((r) => r.path === "/v1/transfers" && r.idempotencyKey === `dispute-won-${dispute.id}`);
    expect(again).toHaveLength(1);
    expect(again[0].body).toMatchObject({ amount: String(NET), destination: account, transfer_group: paid.invoice.id });
    expect(await rowOf(paid.invoice.id)).toMatchObject({ disputeStatus: "won", reversedPaise: 0, feeRefundedPaise: 0 });
    expect(await mentorNotices(mentor.id)).toContain(
      `The dispute on ${who}'s payment was decided in your favour: your share of ₹6,400 is yours again.`,
    );

    // Redelivered, or the created event arriving late: nothing moves again.
    expect((await stripe.send(closed)).body.outcome).toBe("duplicate-event");
    expect((await stripe.send(stripe.event("charge.dispute.created", dispute))).body.outcome).toBe("dispute-won");
    expect(stripe.requestsTo("POST", `/v1/transfers/${charge.transfer}/reversals`)).toHaveLength(1);
    expect(
      stripe.requestsTo("POST", "/v1/transfers").filter((r) => r.idempotencyKey?.startsWith(`dispute-won-${dispute.id}`)),
    ).toHaveLength(1);
  });

  it("a held share under dispute is not transferred; lost, it never is and the ledger counts it taken back", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    const { paid } = await paidSubscription(mentor.id);
    const dispute = await stripe.openDispute((await stripe.chargeOfInvoice(paid.invoice.id)).id);
    expect((await stripe.send(stripe.event("charge.dispute.created", dispute))).body.outcome).toBe("dispute-opened");
    await readyAccount(mentor.id);
    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);

    expect((await stripe.send(stripe.event("charge.dispute.closed", await stripe.closeDispute(dispute.id, "lost")))).body.outcome).toBe(
      "dispute-lost",
    );
    expect(await rowOf(paid.invoice.id)).toMatchObject({
      disputeStatus: "lost",
      reversedPaise: NET,
      feeRefundedPaise: FEE,
      transferId: null,
    });
    await cron();
    expect(transfersOf(paid.invoice.id)).toHaveLength(0);
  });
});
