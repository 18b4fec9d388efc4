import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings, notifications, payoutAccounts, payouts } from "../../db/schema";
import { type AccountState, ONBOARDING_DUE } from "../../worker/dev/local-stripe/controls";
import { LOCAL_WEBHOOK_SECRET } from "../../worker/dev/local-stripe/events";
import { stripeId } from "../../worker/dev/local-stripe/store";
import { accessTokenFor, createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { createEnrollment, createModerator } from "../support/moderation";
import { base, ownPaymentsStack, stripe, stripePages, trpc } from "../support/payments";

ownPaymentsStack();

/**
 * A mentor's Stripe Connect account (ADR 0024) on the local Stripe (ADR 0033): onboarding, its state as Stripe has it,
 * the Connect webhook with its events sent in each test's order, payouts.
 */

async function mentor(overrides: Parameters<typeof createMentor>[0] = {}) {
  const row = await createMentor(overrides);
  const token = await accessTokenFor("mentor", row.id);
  return { row, token, api: trpc(token).payouts };
}

/** A mentor who started onboarding: his Stripe account, in the state given. */
async function onboarded(state?: AccountState) {
  const m = await mentor();
  await m.api.startOnboarding.mutate();
  const account = (await stripe.accountOfMentor(m.row.id))!;
  if (state) await stripe.setAccountState(account.id, state);
  return { ...m, accountId: account.id };
}

const rowOf = async (mentorId: string) => (await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentorId)))[0];
const noticesOf = async (mentorId: string) =>
  (
    await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, mentorId)))
  ).map((n) => n.content);
const accountEvent = async (accountId: string, snapshot?: object) =>
  stripe.event("account.updated", (snapshot ?? (await stripe.object(accountId))) as never, accountId);

describe("onboarding", () => {
  it("creates the Express account once, even for two starts at once, and answers a link to Stripe's onboarding", async () => {
    const m = await mentor();
    expect(await m.api.account.query()).toEqual({
      state: "none",
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: [],
      nextStep: "Connect a payout account to receive your earnings",
      heldPaise: 0,
    });

    const [first, second] = await Promise.all([m.api.startOnboarding.mutate(), m.api.startOnboarding.mutate()]);
    const accounts = await stripe.find("account", (o) => o.metadata?.mentorId === m.row.id);
    expect(accounts).toHaveLength(1);
    const creates = stripe
      .requestsTo("POST", "/v1/accounts")
      .filter((r) => r.path === "/v1/accounts" && r.body.metadata?.mentorId === m.row.id);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const create of creates) {
      expect(create.idempotencyKey).toBe(`account-${m.row.id}`);
      expect(create.body).toEqual({
        type: "express",
        country: "IN",
        email: m.row.email,
        business_type: "individual",
        capabilities: { transfers: { requested: "true" } },
        metadata: { mentorId: m.row.id },
      });
    }
    const accountId = accounts[0].id;
    for (const { url } of [first, second]) {
      expect(url.startsWith(`${stripePages()}/connect/${accountId}?`)).toBe(true);
      expect(new URL(url).searchParams.get("link")).toMatch(/^acctlink_/);
    }
    const links = stripe.requestsTo("POST", "/v1/account_links").filter((r) => r.body.account === accountId);
    expect(links.map((l) => l.body)).toEqual(
      Array(2).fill({
        account: accountId,
        type: "account_onboarding",
        return_url: `${base()}/mentors/earnings?onboarding=return`,
        refresh_url: `${base()}/mentors/earnings?onboarding=refresh`,
      }),
    );

    expect(await rowOf(m.row.id)).toMatchObject({ stripeAccountId: accountId, chargesEnabled: false, detailsSubmitted: false });
    expect(await m.api.account.query()).toMatchObject({
      state: "incomplete",
      requirementsDue: ONBOARDING_DUE,
      nextStep: "Add your bank details to receive payouts",
    });
  });

  it("on return reads the account from Stripe: back without finishing stays incomplete, finished becomes ready", async () => {
    const m = await onboarded();
    const reads = () => stripe.requestsTo("GET", `/v1/accounts/${m.accountId}`).length;

    // The mentor came back by the return URL but Stripe has nothing new: still incomplete.
    const before = reads();
    expect(await m.api.refreshAccount.mutate()).toMatchObject({
      state: "incomplete",
      nextStep: "Add your bank details to receive payouts",
    });
    expect(reads()).toBe(before + 1);

    await stripe.setAccountState(m.accountId, "ready");
    // Nothing changes until Stripe is read (no webhook yet, no refresh).
    expect((await m.api.account.query()).state).toBe("incomplete");
    expect(await m.api.refreshAccount.mutate()).toMatchObject({
      state: "ready",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
      nextStep: null,
    });
    expect(await rowOf(m.row.id)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      disabledReason: null,
      requirementsDue: "[]",
    });
    expect((await rowOf(m.row.id)).syncedAt).toBeInstanceOf(Date);
  });

  it("after an expired link, starting again gives a new link to the same account", async () => {
    const m = await onboarded();
    const again = await m.api.startOnboarding.mutate();
    const third = await m.api.startOnboarding.mutate();
    expect(again.url).not.toBe(third.url);
    expect(again.url).toContain(`/dev/stripe/connect/${m.accountId}?`);
    expect(third.url).toContain(`/dev/stripe/connect/${m.accountId}?`);
    expect(await stripe.find("account", (o) => o.metadata?.mentorId === m.row.id)).toHaveLength(1);
    expect(stripe.requestsTo("POST", "/v1/account_links").filter((r) => r.body.account === m.accountId)).toHaveLength(3);
    expect((await rowOf(m.row.id)).stripeAccountId).toBe(m.accountId);
  });

  it("names each state and what to do next, in plain words", async () => {
    const m = await onboarded();
    const cases: [AccountState, { due?: string[]; reason?: string }, Record<string, unknown>][] = [
      [
        "incomplete",
        { due: ["individual.id_number", "tos_acceptance.date"] },
        {
          state: "incomplete",
          nextStep: "Finish your payout details with Stripe",
          requirementsDue: ["individual.id_number", "tos_acceptance.date"],
        },
      ],
      ["incomplete", {}, { state: "incomplete", nextStep: "Add your bank details to receive payouts" }],
      [
        "pending_review",
        {},
        { state: "pending_review", detailsSubmitted: true, nextStep: "Stripe is checking your details; this usually takes a few minutes" },
      ],
      [
        "restricted",
        {},
        {
          state: "restricted",
          requirementsDue: ["individual.verification.document"],
          nextStep: "Stripe paused payouts: some details it asked for are overdue. Update your details to resume.",
        },
      ],
      [
        "restricted",
        { due: ["external_account"], reason: "rejected.fraud" },
        {
          state: "restricted",
          nextStep: "Stripe paused payouts: Stripe could not accept your account; please contact support. Update your details to resume.",
        },
      ],
      ["ready", {}, { state: "ready", nextStep: null, requirementsDue: [] }],
    ];
    for (const [state, options, expected] of cases) {
      await stripe.setAccountState(m.accountId, state, options);
      expect(await m.api.refreshAccount.mutate(), `${state} ${JSON.stringify(options)}`).toMatchObject(expected);
      expect(await m.api.account.query()).toMatchObject(expected);
    }
  });

  it("counts his held shares not transferred yet, less what was taken back", async () => {
    const m = await onboarded("pending_review");
    const buyer = await createMentee();
    const enrollment = await createEnrollment(buyer.id, m.row.id);
    const row = (net: number, values: Partial<typeof earnings.$inferInsert> = {}) => ({
      invoiceId: stripeId("in"),
      enrollmentId: enrollment.id,
      mentorId: m.row.id,
      menteeId: buyer.id,
      grossPaise: net + 160_000,
      feePaise: 160_000,
      netPaise: net,
      route: "held" as const,
      paidAt: new Date(),
      ...values,
    });
    await testDb()
      .insert(earnings)
      .values([
        row(640_000),
        row(640_000, { reversedPaise: 100_000, refundedPaise: 125_000 }),
        row(640_000, { transferId: "tr_done", transferredAt: new Date() }),
        row(640_000, { route: "destination" }),
      ]);
    expect(await m.api.refreshAccount.mutate()).toMatchObject({ state: "pending_review", heldPaise: 640_000 + 540_000 });
  });

  it("opens the Express dashboard only once his details are submitted", async () => {
    const m = await onboarded();
    await expect(m.api.dashboardLink.mutate()).rejects.toMatchObject({
      data: { code: "UNPROCESSABLE_CONTENT" },
      message: expect.stringMatching(/Finish your payout details/),
    });
    const fresh = await mentor();
    await expect(fresh.api.dashboardLink.mutate()).rejects.toMatchObject({
      data: { code: "UNPROCESSABLE_CONTENT" },
      message: expect.stringMatching(/Connect a payout account first/),
    });

    await stripe.setAccountState(m.accountId, "pending_review");
    await m.api.refreshAccount.mutate();
    const { url } = await m.api.dashboardLink.mutate();
    expect(url).toBe(`${stripePages()}/express/${m.accountId}`);
    expect(stripe.requestsTo("POST", `/v1/accounts/${m.accountId}/login_links`)).toHaveLength(1);
  });
});

describe("who may", () => {
  it("refuses mentees and moderators, and each mentor sees only his own account", async () => {
    const buyer = await createMentee();
    const menteeApi = trpc(await accessTokenFor("mentee", buyer.id)).payouts;
    const moderator = await createModerator();
    const moderatorApi = trpc(moderator.token).payouts;
    for (const api of [menteeApi, moderatorApi]) {
      await expect(api.account.query()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      await expect(api.startOnboarding.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      await expect(api.refreshAccount.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      await expect(api.dashboardLink.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    }
    await expect(trpc().payouts.account.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });

    const owner = await onboarded("ready");
    await owner.api.refreshAccount.mutate();
    const other = await mentor();
    expect(await other.api.account.query()).toMatchObject({ state: "none", heldPaise: 0 });
    expect(await other.api.refreshAccount.mutate()).toMatchObject({ state: "none" });
    await expect(other.api.dashboardLink.mutate()).rejects.toMatchObject({ data: { code: "UNPROCESSABLE_CONTENT" } });
    expect(await rowOf(other.row.id)).toBeUndefined();
    expect(await owner.api.account.query()).toMatchObject({ state: "ready" });
  });

  it("refuses a blocked mentor and an applicant not approved yet, and makes no Stripe account for them", async () => {
    const blocked = await mentor();
    await setBlocked("mentor", blocked.row.id, true);
    await expect(blocked.api.startOnboarding.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(blocked.api.account.query()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    const applicant = await mentor({ status: "pending" });
    await expect(applicant.api.startOnboarding.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    const rejected = await mentor({ status: "rejected" });
    await expect(rejected.api.startOnboarding.mutate()).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    for (const m of [blocked, applicant, rejected]) {
      expect(await stripe.accountOfMentor(m.row.id)).toBeUndefined();
      expect(await rowOf(m.row.id)).toBeUndefined();
    }
  });
});

describe("Connect webhook", () => {
  it("account.updated reads the account from Stripe: ready once, a redelivery or an older event changes nothing", async () => {
    const m = await onboarded();
    const stale = await stripe.object(m.accountId);
    await stripe.setAccountState(m.accountId, "ready");
    const newer = await accountEvent(m.accountId);

    expect(await stripe.send(newer)).toEqual({ status: 200, body: { received: true, outcome: "account-ready" } });
    expect(await m.api.account.query()).toMatchObject({ state: "ready", nextStep: null });
    expect(await noticesOf(m.row.id)).toEqual([expect.stringMatching(/^Your payout account is ready/)]);

    // The same event again: nothing changes and nobody is told twice.
    expect(await stripe.send(newer)).toEqual({ status: 200, body: { received: true, outcome: "duplicate-event" } });
    // An older event (its object still incomplete) arriving after: the state is Stripe's current one.
    expect(await stripe.send(await accountEvent(m.accountId, stale))).toEqual({
      status: 200,
      body: { received: true, outcome: "account-synced" },
    });
    expect(await m.api.account.query()).toMatchObject({ state: "ready" });
    expect(await noticesOf(m.row.id)).toHaveLength(1);

    // Stripe pauses the account later; even an old snapshot of it being ready brings the pause in.
    const readySnapshot = await stripe.object(m.accountId);
    await stripe.setAccountState(m.accountId, "restricted");
    expect((await stripe.send(await accountEvent(m.accountId, readySnapshot))).status).toBe(200);
    expect(await m.api.account.query()).toMatchObject({
      state: "restricted",
      chargesEnabled: false,
      nextStep: expect.stringMatching(/^Stripe paused payouts: /),
    });
  });

  it("two account.updated at once (and one of them twice): the account becomes ready once, and he is told once", async () => {
    const m = await onboarded("ready");
    const one = await accountEvent(m.accountId);
    const two = await accountEvent(m.accountId);
    const answers = await Promise.all([stripe.send(one), stripe.send(two), stripe.send(one)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const outcomes = answers.map((a) => a.body.outcome).sort();
    expect(outcomes.filter((o) => o === "account-ready")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "account-synced").length + outcomes.filter((o) => o === "duplicate-event").length).toBe(2);
    expect(await noticesOf(m.row.id)).toHaveLength(1);
  });

  it("refuses a bad signature with 400 and accepts nothing from it", async () => {
    const m = await onboarded();
    await stripe.setAccountState(m.accountId, "ready");
    const event = await accountEvent(m.accountId);
    expect((await stripe.send(event, { secret: "whsec_wrong" })).status).toBe(400);
    // The platform endpoint's secret is not the Connect endpoint's.
    expect((await stripe.send(event, { secret: LOCAL_WEBHOOK_SECRET })).status).toBe(400);
    expect((await stripe.send(event, { tamper: true })).status).toBe(400);
    expect((await stripe.send(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const unsigned = await fetch(`${base()}/api/stripe/connect-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await m.api.account.query()).toMatchObject({ state: "incomplete" });
    // The same event, signed right, is still new.
    expect((await stripe.send(event)).body.outcome).toBe("account-ready");
  });

  it("answers 503 when Stripe cannot be read, records nothing, and the retry does the work", async () => {
    const m = await onboarded("ready");
    // The next read of his account fails once.
    stripe.failNext("GET", new RegExp(`^/v1/accounts/${m.accountId}$`), undefined, {
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Simulated failure" } },
    });
    const event = await accountEvent(m.accountId);
    const failed = await fetch(`${base()}/api/stripe/connect-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=bad" },
      body: "{}",
    });
    expect(failed.status).toBe(400);
    const first = await stripe.send(event);
    expect(first).toEqual({ status: 503, body: { message: "The event could not be handled now; Stripe will retry." } });
    expect(await m.api.account.query()).toMatchObject({ state: "incomplete" });
    expect(await stripe.send(event)).toEqual({ status: 200, body: { received: true, outcome: "account-ready" } });
    expect(await m.api.account.query()).toMatchObject({ state: "ready" });
  });

  it("an account that is not a mentor's is acknowledged and left alone", async () => {
    const stranger = await stripe.put({ id: stripeId("acct"), object: "account", metadata: {}, ...setAccountStateFields() });
    expect(await stripe.send(stripe.event("account.updated", stranger, stranger.id))).toEqual({
      status: 200,
      body: { received: true, outcome: "unknown" },
    });
    expect(await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.stripeAccountId, stranger.id))).toEqual([]);
  });

  it("mirrors payouts: created, paid, failed with its reason; a payout never moves back", async () => {
    const m = await onboarded("ready");
    await m.api.refreshAccount.mutate();
    const payoutRow = async (id: string) => (await testDb().select().from(payouts).where(eq(payouts.id, id)))[0];
    const send = async (type: string, payout: { id: string }) =>
      stripe.send(stripe.event(type, await stripe.object(payout.id), m.accountId));

    const po = await stripe.payout(m.accountId, 512_000, "pending");
    expect((await send("payout.created", po)).body.outcome).toBe("payout-pending");
    expect(await payoutRow(po.id)).toMatchObject({
      mentorId: m.row.id,
      stripeAccountId: m.accountId,
      amountPaise: 512_000,
      status: "pending",
      arrivalDate: new Date(po.arrival_date * 1000),
    });
    expect(stripe.requestsTo("GET", `/v1/payouts/${po.id}`).at(-1)!.account).toBe(m.accountId);

    await stripe.update(po.id, (p) => ({ ...p, status: "in_transit" }));
    expect((await send("payout.updated", po)).body.outcome).toBe("payout-in_transit");
    await stripe.update(po.id, (p) => ({ ...p, status: "paid" }));
    expect((await send("payout.paid", po)).body.outcome).toBe("payout-paid");
    expect((await payoutRow(po.id)).status).toBe("paid");

    const failed = await stripe.payout(m.accountId, 100_000, "failed");
    await stripe.update(failed.id, (p) => ({ ...p, failure_message: "The bank account has been closed.", failure_code: "account_closed" }));
    expect((await send("payout.failed", failed)).body.outcome).toBe("payout-failed");
    expect(await payoutRow(failed.id)).toMatchObject({ status: "failed", failureMessage: "The bank account has been closed." });

    // Reordered: payout.paid arrives before payout.created, and the late created event reads a stale "pending".
    const early = await stripe.payout(m.accountId, 300_000, "paid");
    const createdEvent = stripe.event("payout.created", { ...structuredClone(early), status: "pending" }, m.accountId);
    expect((await send("payout.paid", early)).body.outcome).toBe("payout-paid");
    await stripe.update(early.id, (p) => ({ ...p, status: "pending" }));
    expect((await stripe.send(createdEvent)).body.outcome).toBe("payout-paid");
    expect((await payoutRow(early.id)).status).toBe("paid");

    const notices = await noticesOf(m.row.id);
    expect(notices.filter((n) => n.startsWith("Payout of ₹5,120.00 sent"))).toHaveLength(1);
    expect(notices.filter((n) => n.startsWith("Payout of ₹3,000.00 sent"))).toHaveLength(1);
    expect(notices).toContain(
      "Your payout of ₹1,000.00 failed. The bank account has been closed. Check your bank details in the Stripe dashboard; the money stays in your balance.",
    );
    expect(notices.filter((n) => n.startsWith("Payout"))).toHaveLength(2);

    // A payout of an account that is not a mentor's is acknowledged and not stored.
    const strangerPayout = await stripe.payout("acct_not_ours", 1_000, "paid");
    expect((await stripe.send(stripe.event("payout.paid", strangerPayout, "acct_not_ours"))).body.outcome).toBe("unknown");
    expect(await payoutRow(strangerPayout.id)).toBeUndefined();
  });
});

function setAccountStateFields() {
  return {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  };
}
