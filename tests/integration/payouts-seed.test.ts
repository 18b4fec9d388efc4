import { and, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings, mentors, payoutAccounts, payouts } from "../../db/schema";
import { seedDemoData } from "../../db/seed";
import { DEMO_READY_ACCOUNT, DEMO_UNFINISHED_ACCOUNT } from "../../db/seed-payouts";
import { platformFeePaise, proportionOf } from "../../shared/payouts";
import { seedLocalStripePayoutsDemo } from "../../worker/dev/local-stripe/payouts-demo";
import { accessTokenFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";

const DAY = 24 * 60 * 60 * 1000;

/** The payouts demo (db/seed-payouts.ts, ADR 0024): read only; the demo accounts are not changed. */
describe("payouts seed", () => {
  it("Asha is ready with split payments (one half refunded) and monthly payouts; her local Stripe balance matches; Vikram is unfinished with one held share; a second run changes nothing", async () => {
    const db = testDb();
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const [vikram] = await db.select().from(mentors).where(eq(mentors.email, "vikram.mentor@example.com"));

    // Asha: a ready account, and what the mentor's own API says of it.
    const [ashaAccount] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, asha.id));
    expect(ashaAccount).toMatchObject({
      stripeAccountId: DEMO_READY_ACCOUNT,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: "[]",
    });
    const ashaView = await trpc(await accessTokenFor("mentor", asha.id)).payouts.account.query();
    expect(ashaView).toMatchObject({ state: "ready", nextStep: null });

    // Her seeded payments: destination charges split 20 / 80, over at least three months, one of them half refunded in proportion.
    const ledger = await db
      .select()
      .from(earnings)
      .where(and(eq(earnings.mentorId, asha.id), like(earnings.invoiceId, "in_demo_%")));
    expect(ledger.length).toBeGreaterThanOrEqual(5);
    for (const e of ledger) {
      expect(e.route).toBe("destination");
      expect(e.feePaise).toBe(platformFeePaise(e.grossPaise, 20));
      expect(e.netPaise).toBe(e.grossPaise - e.feePaise);
      expect(e.transferId).toMatch(/^tr_demo_/);
      expect(e.paymentIntentId).toMatch(/^pi_demo_/);
      expect(e.paidAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(e.paidAt.getTime()).toBeGreaterThan(Date.now() - 130 * DAY);
    }
    const months = new Set(ledger.map((e) => e.paidAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);
    const refunded = ledger.filter((e) => e.refundedPaise > 0);
    expect(refunded).toHaveLength(1);
    const [r] = refunded;
    expect(r.refundedPaise).toBeLessThan(r.grossPaise);
    expect(r.feeRefundedPaise).toBe(proportionOf(r.feePaise, r.refundedPaise, r.grossPaise));
    expect(r.reversedPaise).toBe(proportionOf(r.netPaise, r.refundedPaise, r.grossPaise));
    expect(r.feeRefundedPaise + r.reversedPaise).toBe(r.refundedPaise);

    // Her payouts: three paid a month apart, then one in transit arriving in two days; together they pay out what was transferred.
    const paidOut = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.mentorId, asha.id), like(payouts.id, "po_demo_%")));
    const ordered = [...paidOut].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(ordered.map((p) => p.status)).toEqual(["paid", "paid", "paid", "in_transit"]);
    const inTransit = ordered[3];
    // Stripe's arrival_date is a day (midnight UTC): the day after tomorrow, as of the seed's run (the time it marked her
    // account synced), not of this test's: a suite that crosses midnight UTC between the two would see another day.
    expect(inTransit.arrivalDate.toISOString()).toBe(
      `${new Date(ashaAccount.syncedAt!.getTime() + 2 * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );
    for (const p of ordered.slice(0, 3)) expect(p.arrivalDate.getTime()).toBeLessThan(Date.now());
    for (let i = 1; i < ordered.length; i++) {
      const gapDays = (ordered[i].createdAt.getTime() - ordered[i - 1].createdAt.getTime()) / DAY;
      expect(gapDays).toBeGreaterThanOrEqual(28);
      expect(gapDays).toBeLessThanOrEqual(31);
    }
    // Together they pay out what was transferred a week or more before the last one; what came later (Priya's renewal
    // two days ago, Zoya's first month five days ago) is still in her balance.
    const cutoff = inTransit.createdAt.getTime() - 7 * DAY;
    const settled = ledger.filter((e) => e.paidAt.getTime() <= cutoff);
    expect(settled.length).toBe(ledger.length - 2);
    const transferred = settled.reduce((sum, e) => sum + e.netPaise - e.reversedPaise, 0);
    expect(ordered.reduce((sum, p) => sum + p.amountPaise, 0)).toBe(transferred);

    // The local Stripe holds the same: the accounts, a transfer per destination charge (less its reversal), the payouts.
    type Row = { id: string; data: string };
    const local = async (ids: string[]) =>
      new Map(
        (
          (await db.all(
            sql`select id, data from dev_stripe_objects where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )) as Row[]
        ).map((row) => [row.id, JSON.parse(row.data)]),
      );
    const objects = await local([
      DEMO_READY_ACCOUNT,
      DEMO_UNFINISHED_ACCOUNT,
      ...ledger.map((e) => e.transferId!),
      ...ordered.map((p) => p.id),
    ]);
    expect(objects.get(DEMO_READY_ACCOUNT)).toMatchObject({
      object: "account",
      type: "express",
      country: "IN",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" },
      metadata: { mentorId: asha.id },
    });
    for (const e of ledger)
      expect(objects.get(e.transferId!)).toMatchObject({
        object: "transfer",
        amount: e.netPaise,
        amount_reversed: e.reversedPaise,
        destination: DEMO_READY_ACCOUNT,
        transfer_group: `group_${e.paymentIntentId}`,
      });
    // Each payment's PaymentIntent and charge, so a refund or a dispute of a seeded payment finds them in the local Stripe.
    const payments = await local(
      ledger.flatMap((e) => [e.paymentIntentId!, `ch_demo_${e.invoiceId.slice("in_demo_".length)}`, e.invoiceId]),
    );
    for (const e of ledger) {
      const intent = payments.get(e.paymentIntentId!);
      expect(intent).toMatchObject({ object: "payment_intent", amount: e.grossPaise, invoice: e.invoiceId });
      expect(payments.get(intent.latest_charge)).toMatchObject({
        object: "charge",
        amount: e.grossPaise,
        amount_refunded: e.refundedPaise,
        payment_intent: e.paymentIntentId,
        transfer: e.transferId,
        application_fee_amount: e.feePaise,
      });
      expect(payments.get(e.invoiceId).payments.data[0].payment).toEqual({ type: "payment_intent", payment_intent: e.paymentIntentId });
    }
    for (const p of ordered)
      expect(objects.get(p.id)).toMatchObject({ object: "payout", amount: p.amountPaise, status: p.status, account: DEMO_READY_ACCOUNT });
    const [sub] = (await db.all(sql`select data from dev_stripe_objects where id = 'sub_demo_priya_asha'`)) as Row[];
    expect(JSON.parse(sub.data)).toMatchObject({ transfer_data: { destination: DEMO_READY_ACCOUNT }, application_fee_percent: 20 });

    // Vikram: onboarding left at the bank details, one held share waiting for it.
    const [vikramAccount] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, vikram.id));
    expect(vikramAccount).toMatchObject({
      stripeAccountId: DEMO_UNFINISHED_ACCOUNT,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: '["external_account"]',
    });
    expect(objects.get(DEMO_UNFINISHED_ACCOUNT)).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      requirements: { currently_due: ["external_account"] },
      capabilities: { transfers: "inactive" },
    });
    const held = await db
      .select()
      .from(earnings)
      .where(and(eq(earnings.mentorId, vikram.id), like(earnings.invoiceId, "in_demo_%")));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ route: "held", transferId: null, feePaise: platformFeePaise(held[0].grossPaise, 20) });
    const vikramView = await trpc(await accessTokenFor("mentor", vikram.id)).payouts.account.query();
    expect(vikramView).toMatchObject({
      state: "incomplete",
      nextStep: "Add your bank details to receive payouts",
      heldPaise: held[0].netPaise,
    });

    // Idempotent: a second run of both parts adds and changes nothing.
    const mentorIds = [asha.id, vikram.id];
    const snapshot = async () => ({
      accounts: await db.select().from(payoutAccounts).where(inArray(payoutAccounts.mentorId, mentorIds)),
      earnings: (
        await db
          .select()
          .from(earnings)
          .where(and(inArray(earnings.mentorId, mentorIds), like(earnings.invoiceId, "in_demo_%")))
      ).sort((a, b) => a.invoiceId.localeCompare(b.invoiceId)),
      payouts: (await db.select().from(payouts).where(like(payouts.id, "po_demo_%"))).sort((a, b) => a.id.localeCompare(b.id)),
      local: await db.all(
        sql`select id, data from dev_stripe_objects where id like 'acct_demo_%' or id like 'tr_demo_%' or id like 'po_demo_%' or id = 'sub_demo_priya_asha' order by id`,
      ),
    });
    const before = await snapshot();
    await seedDemoData(db, "unused-hash");
    await seedLocalStripePayoutsDemo(db);
    expect(await snapshot()).toEqual(before);
  });
});
