import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoMentees, demoMentors } from "./demo-data";
import { earnings, enrollments, mentees, mentors, payoutAccounts, payouts } from "./schema";
import { platformFeePaise, proportionOf } from "../shared/payouts";

/**
 * The payouts demo (issue 24, ADR 0024).
 *
 * The demo mentor (Asha Rao, mentor@example.com) has a READY Express account: her subscribers'
 * payments of the last months are in the ledger as destination charges (the platform's 20 % fee
 * taken by Stripe, her share transferred with each charge), one of them partly refunded, and her
 * Stripe balance was paid out monthly: three payouts paid, the last one in transit (arriving in two
 * days). Vikram Nair (vikram.mentor@example.com) started onboarding and left before adding a bank
 * account: his account is incomplete (external_account due) and one payment waits for it, held.
 *
 * Two parts, as the rest of the demo: `seedPayoutsDemo` writes the product's rows (payout_accounts,
 * earnings, payouts; called by db/seed.ts), and `seedLocalStripePayoutsDemo` mirrors them into the
 * local Stripe's own table (the accounts, the transfers of the destination charges, the payouts), so
 * the local Express dashboard shows the same balance and payouts. The second one only runs on the
 * local database (scripts/local-db.ts, after seedLocalStripeDemo): the stand-in's table is not part
 * of the product's schema and `npm run db:seed` against another database must not create it.
 * Both are idempotent: everything is keyed by ids derived from the seeded rows, and a second run
 * inserts nothing and changes nothing.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The demo accounts' Stripe ids (no real Stripe account has them: see the README on using your own test keys). */
export const DEMO_READY_ACCOUNT = "acct_demo_asha_rao";
export const DEMO_UNFINISHED_ACCOUNT = "acct_demo_vikram_nair";
/** The approved demo mentor whose onboarding was left unfinished (named in the README). */
export const DEMO_UNFINISHED_MENTOR = "vikram.mentor@example.com";

/** db/seed.ts's DEMO_SUBSCRIPTION_ID (not imported: db/seed.ts imports this file). */
const DEMO_SUBSCRIPTION = "sub_demo_priya_asha";

/** The platform's fee on the demo's payments (PLATFORM_FEE_PERCENT's default). */
const DEMO_FEE_PERCENT = 20;
/** Days between a charge and the payout that took its share (Stripe's payout schedule, roughly). */
const PAYOUT_DELAY_DAYS = 7;
/** Days a payout travels to the bank. */
const TRANSIT_DAYS = 3;

const monthsBefore = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A short stable piece of a seeded row's id, for the demo's Stripe ids. */
const tag = (id: string) => id.replace(/-/g, "").slice(0, 12);

type Earning = typeof earnings.$inferInsert;
type Payout = typeof payouts.$inferInsert;

/** One paid invoice of the demo: its split (fee, net) and, for a destination charge, the transfer that carried the share. */
function paidInvoice(input: {
  enrollment: { id: string; menteeId: string; mentorId: string; amountPaise: number };
  key: string;
  paidAt: Date;
  periodEnd: Date;
  route: "destination" | "held";
  refundedPaise?: number;
}): Earning {
  const gross = input.enrollment.amountPaise;
  const fee = platformFeePaise(gross, DEMO_FEE_PERCENT);
  const net = gross - fee;
  const refunded = input.refundedPaise ?? 0;
  const destination = input.route === "destination";
  return {
    id: crypto.randomUUID(),
    invoiceId: `in_demo_${input.key}`,
    enrollmentId: input.enrollment.id,
    mentorId: input.enrollment.mentorId,
    menteeId: input.enrollment.menteeId,
    currency: "inr",
    grossPaise: gross,
    feePaise: fee,
    netPaise: net,
    route: input.route,
    paymentIntentId: `pi_demo_${input.key}`,
    transferId: destination ? `tr_demo_${input.key}` : null,
    transferredAt: destination ? input.paidAt : null,
    refundedPaise: refunded,
    // A refund of a destination charge with reverse_transfer and refund_application_fee takes back both parts in proportion.
    reversedPaise: proportionOf(net, refunded, gross),
    feeRefundedPaise: proportionOf(fee, refunded, gross),
    periodStart: input.paidAt,
    periodEnd: input.periodEnd,
    paidAt: input.paidAt,
    createdAt: input.paidAt,
  };
}

/**
 * Monthly payouts of the shares transferred to `account`: the last one `now - 1 day` (in transit,
 * arriving in two days), the ones before it a month apart (paid). Each pays the shares that had
 * become available (charged at least PAYOUT_DELAY_DAYS before it) and no earlier payout took.
 */
function monthlyPayouts(mentorId: string, account: string, key: string, ledger: Earning[], now: number, count: number): Payout[] {
  const latest = new Date(now - DAY);
  const dates = Array.from({ length: count }, (_, k) => monthsBefore(latest, count - 1 - k));
  let paidUpTo = 0;
  const result: Payout[] = [];
  for (const [i, createdAt] of dates.entries()) {
    const cutoff = createdAt.getTime() - PAYOUT_DELAY_DAYS * DAY;
    const amount = ledger
      .filter((e) => e.paidAt.getTime() > paidUpTo && e.paidAt.getTime() <= cutoff)
      .reduce((sum, e) => sum + e.netPaise - (e.reversedPaise ?? 0), 0);
    paidUpTo = cutoff;
    if (amount <= 0) continue;
    const last = i === dates.length - 1;
    result.push({
      id: `po_demo_${key}_${i + 1}`,
      mentorId,
      stripeAccountId: account,
      amountPaise: amount,
      currency: "inr",
      status: last ? "in_transit" : "paid",
      // Stripe's arrival_date is a day: midnight UTC of it.
      arrivalDate: utcDay(last ? new Date(now + 2 * DAY) : new Date(createdAt.getTime() + TRANSIT_DAYS * DAY)),
      failureMessage: null,
      createdAt,
      updatedAt: last ? createdAt : new Date(createdAt.getTime() + TRANSIT_DAYS * DAY),
    });
  }
  return result;
}

/** The product's rows of the payouts demo (see the file's comment). Needs the demo mentors, mentees and enrollments seeded first. */
export async function seedPayoutsDemo(db: Db, now = Date.now()): Promise<void> {
  const demoMentorEmails = [demoMentors[0].email, DEMO_UNFINISHED_MENTOR];
  const people = await db.select({ id: mentors.id, email: mentors.email }).from(mentors).where(inArray(mentors.email, demoMentorEmails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const asha = idOf.get(demoMentors[0].email);
  const vikram = idOf.get(DEMO_UNFINISHED_MENTOR);
  const existing = await db.select({ mentorId: payoutAccounts.mentorId }).from(payoutAccounts).where(inArray(payoutAccounts.mentorId, people.map((p) => p.id)));
  const seeded = new Set(existing.map((e) => e.mentorId));
  if (asha && !seeded.has(asha)) await seedReadyMentor(db, asha, now);
  if (vikram && !seeded.has(vikram)) await seedUnfinishedMentor(db, vikram, now);
}

/**
 * Asha: her subscribers' paid months (from their seeded enrollments): Priya's current subscription
 * (its period started ten days ago), and the three past subscriptions' paid periods (Priya's, Sara's,
 * and Rahul's, who had paid the two months before his last as well). Sara's was half refunded.
 */
async function seedReadyMentor(db: Db, mentorId: string, now: number) {
  const rows = await db
    .select({ id: enrollments.id, menteeId: enrollments.menteeId, mentorId: enrollments.mentorId, amountPaise: enrollments.amountPaise, status: enrollments.status, start: enrollments.currentPeriodStart, end: enrollments.currentPeriodEnd, email: mentees.email })
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .where(and(eq(enrollments.mentorId, mentorId), inArray(enrollments.status, ["active", "expired"]), inArray(mentees.email, demoMentees.map((m) => m.email))))
    .orderBy(asc(enrollments.createdAt));
  const [, rahul, sara] = demoMentees.map((m) => m.email);
  const ledger: Earning[] = [];
  for (const row of rows) {
    if (!row.start || !row.end) continue;
    const enrollment = { id: row.id, menteeId: row.menteeId, mentorId: row.mentorId, amountPaise: row.amountPaise };
    const key = tag(row.id);
    // Rahul kept his subscription for three months before it lapsed: the two months before its last period were paid too.
    const months = row.status === "expired" && row.email === rahul ? 3 : 1;
    for (let k = months - 1; k >= 0; k--) {
      const paidAt = monthsBefore(row.start, k);
      const periodEnd = k === 0 ? row.end : monthsBefore(row.start, k - 1);
      const refundedPaise = row.status === "expired" && row.email === sara ? Math.round(row.amountPaise / 2) : 0;
      if (paidAt.getTime() > now) continue;
      ledger.push(paidInvoice({ enrollment, key: `${key}_${k}`, paidAt, periodEnd, route: "destination", refundedPaise }));
    }
  }
  const firstPaid = ledger.reduce((min, e) => Math.min(min, e.paidAt.getTime()), now);
  const onboardedAt = new Date(firstPaid - 3 * DAY);
  const account = DEMO_READY_ACCOUNT;
  const payoutRows = monthlyPayouts(mentorId, account, "asha", ledger, now, 4);
  await db.batch([
    db
      .insert(payoutAccounts)
      .values({ mentorId, stripeAccountId: account, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: "[]", disabledReason: null, syncedAt: new Date(now), createdAt: onboardedAt })
      .onConflictDoNothing(),
    ...(ledger.length ? [db.insert(earnings).values(ledger).onConflictDoNothing()] : []),
    ...(payoutRows.length ? [db.insert(payouts).values(payoutRows).onConflictDoNothing()] : []),
  ]);
}

/** Vikram: onboarding started a month ago and left at the bank details; his newest subscriber's first payment waits for it. */
async function seedUnfinishedMentor(db: Db, mentorId: string, now: number) {
  const [row] = await db
    .select({ id: enrollments.id, menteeId: enrollments.menteeId, mentorId: enrollments.mentorId, amountPaise: enrollments.amountPaise, start: enrollments.currentPeriodStart, end: enrollments.currentPeriodEnd })
    .from(enrollments)
    .where(and(eq(enrollments.mentorId, mentorId), eq(enrollments.status, "active"), sql`${enrollments.currentPeriodStart} is not null`, sql`${enrollments.currentPeriodStart} < ${now - DAY}`))
    .orderBy(asc(enrollments.currentPeriodStart))
    .limit(1);
  const startedAt = new Date(now - 30 * DAY);
  const held = row?.start && row.end ? [paidInvoice({ enrollment: row, key: tag(row.id), paidAt: row.start, periodEnd: row.end, route: "held" })] : [];
  await db.batch([
    db
      .insert(payoutAccounts)
      .values({ mentorId, stripeAccountId: DEMO_UNFINISHED_ACCOUNT, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, requirementsDue: JSON.stringify(["external_account"]), disabledReason: null, syncedAt: startedAt, createdAt: startedAt })
      .onConflictDoNothing(),
    ...(held.length ? [db.insert(earnings).values(held).onConflictDoNothing()] : []),
  ]);
}

// --- The local Stripe's side (development only) ---

const seconds = (d: Date | number) => Math.floor((typeof d === "number" ? d : d.getTime()) / 1000);

type LocalObject = { id: string; object: string; created: number } & Record<string, unknown>;

function accountObject(input: { id: string; mentorId: string; email: string; ready: boolean; created: Date }): LocalObject {
  const due = input.ready ? [] : ["external_account"];
  return {
    id: input.id,
    object: "account",
    type: "express",
    country: "IN",
    default_currency: "inr",
    email: input.email,
    business_type: "individual",
    charges_enabled: input.ready,
    payouts_enabled: input.ready,
    details_submitted: input.ready,
    requirements: { currently_due: due, past_due: [], eventually_due: due, disabled_reason: null },
    capabilities: { transfers: input.ready ? "active" : "inactive" },
    metadata: { mentorId: input.mentorId },
    created: seconds(input.created),
    livemode: false,
  };
}

/**
 * The local Stripe's copy of the payouts demo, drawn from the seeded rows: both demo accounts, each
 * payment's invoice, PaymentIntent and charge (and its refund), the transfer of each destination
 * charge (less what a refund reversed), the payouts, and the split on the demo subscription
 * (transfer_data and the fee percent, as a checkout for a ready mentor sets them). Writes the
 * stand-in's table with its own SQL (db/ may not import worker/dev/).
 */
export async function seedLocalStripePayoutsDemo(db: Db): Promise<void> {
  await db.batch([
    db.run(sql`create table if not exists dev_stripe_objects (id text primary key, type text not null, data text not null, created_at integer not null)`),
    db.run(sql`create index if not exists dev_stripe_objects_type_idx on dev_stripe_objects (type, created_at)`),
  ]);
  const accounts = await db
    .select({ account: payoutAccounts, email: mentors.email })
    .from(payoutAccounts)
    .innerJoin(mentors, eq(mentors.id, payoutAccounts.mentorId))
    .where(inArray(payoutAccounts.stripeAccountId, [DEMO_READY_ACCOUNT, DEMO_UNFINISHED_ACCOUNT]));
  if (!accounts.length) return;
  const objects: LocalObject[] = accounts.map(({ account, email }) =>
    accountObject({ id: account.stripeAccountId, mentorId: account.mentorId, email, ready: account.chargesEnabled && account.payoutsEnabled, created: account.createdAt }),
  );
  const ready = accounts.find((a) => a.account.stripeAccountId === DEMO_READY_ACCOUNT);
  // Every demo payment: its invoice, PaymentIntent and charge (as the local Stripe's checkout makes them), so a moderator's
  // refund or the development page's dispute finds them; a destination charge's transfer (less what a refund reversed).
  const ledger = await db.select().from(earnings).where(and(inArray(earnings.mentorId, accounts.map((a) => a.account.mentorId)), like(earnings.invoiceId, "in_demo_%")));
  const [demoEnrollment] = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION));
  for (const e of ledger) {
    const key = e.invoiceId.slice("in_demo_".length);
    const created = seconds(e.paidAt);
    const chargeId = `ch_demo_${key}`;
    const intentId = e.paymentIntentId ?? `pi_demo_${key}`;
    const destination = accounts.find((a) => a.account.mentorId === e.mentorId && e.route === "destination")?.account.stripeAccountId;
    const refundedAt = created + 14 * 24 * 60 * 60;
    const reversal = e.reversedPaise > 0 ? { id: `trr_demo_${key}`, object: "transfer_reversal", amount: e.reversedPaise, currency: e.currency, transfer: e.transferId, metadata: { refund: "yes" }, created: refundedAt } : null;
    objects.push(
      {
        id: e.invoiceId,
        object: "invoice",
        status: "paid",
        billing_reason: "subscription_cycle",
        currency: e.currency,
        amount_due: e.grossPaise,
        amount_paid: e.grossPaise,
        parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: e.enrollmentId === demoEnrollment?.id ? DEMO_SUBSCRIPTION : null, metadata: { enrollmentId: e.enrollmentId, menteeId: e.menteeId, mentorId: e.mentorId } } },
        lines: { object: "list", data: [{ id: `il_demo_${key}`, object: "line_item", amount: e.grossPaise, period: { start: seconds(e.periodStart ?? e.paidAt), end: seconds(e.periodEnd ?? e.paidAt) } }] },
        status_transitions: { paid_at: created },
        payments: { object: "list", data: [{ id: `inpay_demo_${key}`, object: "invoice_payment", invoice: e.invoiceId, status: "paid", payment: { type: "payment_intent", payment_intent: intentId } }], has_more: false },
        created,
        livemode: false,
      },
      { id: intentId, object: "payment_intent", amount: e.grossPaise, currency: e.currency, status: "succeeded", latest_charge: chargeId, invoice: e.invoiceId, created, livemode: false },
      {
        id: chargeId,
        object: "charge",
        amount: e.grossPaise,
        amount_refunded: e.refundedPaise,
        refunded: e.refundedPaise >= e.grossPaise,
        currency: e.currency,
        payment_intent: intentId,
        invoice: e.invoiceId,
        transfer: destination ? e.transferId : null,
        application_fee_amount: destination ? e.feePaise : null,
        disputed: false,
        created,
        livemode: false,
      },
    );
    if (e.refundedPaise > 0) {
      objects.push({ id: `re_demo_${key}`, object: "refund", amount: e.refundedPaise, currency: e.currency, charge: chargeId, payment_intent: intentId, status: "succeeded", reason: "requested_by_customer", metadata: {}, transfer_reversal: reversal?.id ?? null, application_fee_refunded: e.feeRefundedPaise, created: refundedAt, livemode: false });
    }
    if (destination && e.transferId) {
      objects.push({
        id: e.transferId,
        object: "transfer",
        amount: e.netPaise,
        currency: e.currency,
        destination,
        amount_reversed: e.reversedPaise,
        reversed: e.reversedPaise >= e.netPaise,
        reversals: { object: "list", data: reversal ? [reversal] : [] },
        source_transaction: chargeId,
        // Stripe groups a destination charge's transfer by its PaymentIntent.
        transfer_group: `group_${intentId}`,
        metadata: {},
        created,
        livemode: false,
      });
    }
  }
  if (ready) {
    const paid = await db.select().from(payouts).where(and(eq(payouts.mentorId, ready.account.mentorId), like(payouts.id, "po_demo_%")));
    for (const p of paid) {
      objects.push({
        id: p.id,
        object: "payout",
        amount: p.amountPaise,
        currency: p.currency,
        status: p.status,
        arrival_date: seconds(p.arrivalDate),
        failure_message: p.failureMessage,
        method: "standard",
        created: seconds(p.createdAt),
        account: p.stripeAccountId,
        livemode: false,
      });
    }
  }
  const [first, ...rest] = objects.map((o) =>
    db.run(sql`insert into dev_stripe_objects (id, type, data, created_at) values (${o.id}, ${o.object}, ${JSON.stringify(o)}, ${o.created * 1000}) on conflict(id) do nothing`),
  );
  await db.batch([first, ...rest]);
  if (ready) await splitDemoSubscription(db);
}

/** The demo subscription (worker/dev/local-stripe/demo.ts) as Stripe has it for a ready mentor: her share goes with each charge. Once. */
async function splitDemoSubscription(db: Db) {
  const [row] = (await db.all(sql`select data from dev_stripe_objects where id = ${DEMO_SUBSCRIPTION}`)) as { data: string }[];
  if (!row) return;
  const sub = JSON.parse(row.data) as Record<string, unknown>;
  if (sub.transfer_data) return;
  const split = { ...sub, transfer_data: { destination: DEMO_READY_ACCOUNT, amount_percent: null }, application_fee_percent: DEMO_FEE_PERCENT };
  await db.run(sql`update dev_stripe_objects set data = ${JSON.stringify(split)} where id = ${DEMO_SUBSCRIPTION}`);
}
