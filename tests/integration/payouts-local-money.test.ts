import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings, payoutAccounts } from "../../db/schema";
import { getObject, listObjects, putObject, type StripeObject, stripeId } from "../../worker/dev/local-stripe/store";
import { refundSplit } from "../../worker/payouts/ledger";
import { createMentor, testDb } from "../support/accounts";
import { baseUrl, doublesUrl, trpc } from "../support/api";
import { HOURLY, payOnLocalCheckout, postToLocalStripe, readyMentor } from "../support/local-money";
import { createModerator } from "../support/moderation";

/**
 * Mentors' payouts (ADR 0024) on the development Worker's local Stripe (no key, as `npm run dev`): a
 * destination charge paid on the local checkout moves the mentor's share with it, a moderator's
 * refund reverses it in proportion through Stripe's `charge.refunded`, the /dev/stripe page opens
 * and closes a dispute, and a held share reaches a ready account by the cron.
 */

const GROSS = 4 * HOURLY;
const NET = GROSS - 160_000;

const rowOfMentor = async (mentorId: string) => (await testDb().select().from(earnings).where(eq(earnings.mentorId, mentorId)))[0];
const object = async <T extends StripeObject = StripeObject>(id: string) => (await getObject<T>(testDb(), id))!;

describe("money on the local Stripe", () => {
  it("a destination charge, a moderator's partial refund, then a dispute opened and won on /dev/stripe", async () => {
    const { mentor, account } = await readyMentor();
    await payOnLocalCheckout(mentor.id);
    const row = await rowOfMentor(mentor.id);
    expect(row).toMatchObject({
      route: "destination",
      grossPaise: GROSS,
      feePaise: 160_000,
      netPaise: NET,
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const intent = await object(row.paymentIntentId!);
    const charge = await object(String(intent.latest_charge));
    const transferId = String(charge.transfer);
    expect(await object(transferId)).toMatchObject({ amount: NET, destination: account, amount_reversed: 0 });

    const moderator = await createModerator();
    const line = await trpc(moderator.token).moderation.refundPayment.mutate({
      earningId: row.id,
      amountPaise: 200_000,
      reason: "Two sessions missed",
    });
    expect(line).toMatchObject({ refundedPaise: 200_000, netPaise: NET - 160_000, status: "partially_refunded" });
    expect(await object(transferId)).toMatchObject({ amount_reversed: 160_000 });
    expect(await object(charge.id)).toMatchObject({ amount_refunded: 200_000 });
    expect(await rowOfMentor(mentor.id)).toMatchObject({ refundedPaise: 200_000, reversedPaise: 160_000, feeRefundedPaise: 40_000 });

    const page = await (await fetch(`${doublesUrl()}/dev/stripe`)).text();
    expect(page).toContain(charge.id);
    expect(page).toContain("Open a dispute");
    expect((await postToLocalStripe(`/dev/stripe/charges/${charge.id}`, { action: "dispute" })).status).toBe(303);
    expect(await rowOfMentor(mentor.id)).toMatchObject({ disputeStatus: "needs_response" });
    // What was left of his share went back to the platform.
    expect(await object(transferId)).toMatchObject({ amount_reversed: NET });
    expect(await (await fetch(`${doublesUrl()}/dev/stripe`)).text()).toContain("Close dispute (won)");

    expect((await postToLocalStripe(`/dev/stripe/charges/${charge.id}`, { action: "won" })).status).toBe(303);
    expect(await rowOfMentor(mentor.id)).toMatchObject({ disputeStatus: "won", reversedPaise: 160_000 });
    const again = (
      await listObjects<StripeObject & { transfer_group: string | null; destination: string; amount: number }>(testDb(), "transfer", 1000)
    ).filter((t) => t.transfer_group === row.invoiceId);
    expect(again).toEqual([expect.objectContaining({ destination: account, amount: NET - 160_000 })]);
  });

  it("a held share: paid before the account was ready, transferred by the cron once it is", async () => {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    await payOnLocalCheckout(mentor.id);
    const row = await rowOfMentor(mentor.id);
    expect(row).toMatchObject({ route: "held", feePaise: 160_000, netPaise: NET, transferId: null });
    const intent = await object(row.paymentIntentId!);
    expect((await object(String(intent.latest_charge))).transfer).toBeNull();

    // His account becomes ready (as the onboarding page would make it).
    const id = stripeId("acct");
    await putObject(testDb(), {
      id,
      object: "account",
      type: "express",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" },
      metadata: { mentorId: mentor.id },
    });
    await testDb()
      .insert(payoutAccounts)
      .values({ mentorId: mentor.id, stripeAccountId: id, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    const run = await fetch(`${baseUrl()}/dev/cron/transferHeldShares`, { method: "POST" });
    expect(run.status).toBe(200);
    const after = await rowOfMentor(mentor.id);
    expect(after.transferId).toMatch(/^tr_/);
    expect(await object(after.transferId!)).toMatchObject({ amount: NET, destination: id, transfer_group: row.invoiceId });
  });
  /**
   * A held payment already transferred, refunded by several moderators at once (ADR 0024): whatever
   * amounts they ask for, Stripe refunds the mentee at most the payment and reverses exactly the
   * mentor's part of what was refunded in all; those that do not fit are told so with a 409.
   */
  async function heldAndTransferred() {
    const mentor = await createMentor({ hourlyRatePaise: HOURLY });
    await payOnLocalCheckout(mentor.id);
    const id = stripeId("acct");
    await putObject(testDb(), {
      id,
      object: "account",
      type: "express",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" },
      metadata: { mentorId: mentor.id },
    });
    await testDb()
      .insert(payoutAccounts)
      .values({ mentorId: mentor.id, stripeAccountId: id, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    expect((await fetch(`${baseUrl()}/dev/cron/transferHeldShares`, { method: "POST" })).status).toBe(200);
    const row = await rowOfMentor(mentor.id);
    expect(row.transferId).toMatch(/^tr_/);
    const intent = await object(row.paymentIntentId!);
    return { mentor, row, transferId: row.transferId!, chargeId: String(intent.latest_charge) };
  }

  async function refundAtOnce(amounts: number[]) {
    const { mentor, row, transferId, chargeId } = await heldAndTransferred();
    const moderators = await Promise.all(amounts.map(() => createModerator()));
    const results = await Promise.allSettled(
      amounts.map((amountPaise, i) =>
        trpc(moderators[i].token).moderation.refundPayment.mutate({ earningId: row.id, amountPaise, reason: `Refund ${i}` }),
      ),
    );
    const refunded = results.reduce((sum, r, i) => (r.status === "fulfilled" ? sum + amounts[i] : sum), 0);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ data: { httpStatus: 409 } });
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThanOrEqual(GROSS);
    const expected = refundSplit(row, refunded);
    expect(await object(chargeId)).toMatchObject({ amount_refunded: refunded });
    expect(await object(transferId)).toMatchObject({ amount: NET, amount_reversed: expected.reversedPaise });
    expect(await rowOfMentor(mentor.id)).toMatchObject({
      refundedPaise: refunded,
      reversedPaise: expected.reversedPaise,
      feeRefundedPaise: expected.feeRefundedPaise,
    });
    // The row is free again: the rest is refunded in full, and all of his share is taken back, once.
    if (refunded < GROSS) await trpc(moderators[0].token).moderation.refundPayment.mutate({ earningId: row.id, reason: "The rest" });
    expect(await object(chargeId)).toMatchObject({ amount_refunded: GROSS });
    expect(await object(transferId)).toMatchObject({ amount_reversed: NET });
    return results;
  }

  it("two moderators refunding a held, transferred payment at once take back exactly the mentor's part of what was refunded", async () => {
    await refundAtOnce([300_000, 500_000]);
  });

  it("ten refunds of one held, transferred payment at once never refund more than the payment nor reverse more than its part", async () => {
    const results = await refundAtOnce(Array.from({ length: 10 }, (_, i) => 100_000 + i * 10_000));
    expect(results.some((r) => r.status === "rejected")).toBe(true);
  });
});
