import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";
import { platformFeePaise, proportionOf } from "../shared/payouts";
import type { Db } from "./client";
import { demoMentees, demoMentors } from "./demo-data";
import { earnings, enrollments, mentees, mentors, payoutAccounts, payouts } from "./schema";

/**
 * The payouts demo (ADR 0024).
 *
 * The demo mentor (Asha Rao, mentor@example.com) has a READY Express account: her subscribers'
 * payments of the last months are in the ledger as destination charges (the platform's 20 % fee
 * taken by Stripe, her share transferred with each charge), one of them partly refunded, and her
 * Stripe balance was paid out monthly: three payouts paid, the last one in transit (arriving in two
 * days). Vikram Nair (vikram.mentor@example.com) started onboarding and left before adding a bank
 * account: his account is incomplete (external_account due) and one payment waits for it, held.
 *
 * Two parts, as the rest of the demo: `seedPayoutsDemo` writes the product's rows (payout_accounts,
 * earnings, payouts; called by db/seed.ts), and `seedLocalStripePayoutsDemo`
 * (worker/dev/local-stripe/payouts-demo.ts, beside the stand-in's other demo) mirrors them into the
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

/** The platform's fee on the demo's payments (PLATFORM_FEE_PERCENT's default). */
export const DEMO_FEE_PERCENT = 20;
/** Days between a charge and the payout that took its share (Stripe's payout schedule, roughly). */
const PAYOUT_DELAY_DAYS = 7;
/** Days a payout travels to the bank. */
const TRANSIT_DAYS = 3;

const monthsBefore = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/** Whole months from `from` to `to` (0 when `from` is missing or not a month before). */
const monthsSince = (from: Date | null, to: Date) => {
  let months = 0;
  while (from && monthsBefore(to, months + 1).getTime() >= from.getTime()) months++;
  return months;
};

const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A short stable piece of a seeded row's id, for the demo's Stripe ids. */
export const tag = (id: string) => id.replace(/-/g, "").slice(0, 12);

type Earning = typeof earnings.$inferInsert;
type Payout = typeof payouts.$inferInsert;

/** One paid invoice of the demo: its split (fee, net) and, for a destination charge, the transfer that carried the share. */
export function paidInvoice(input: {
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
  const existing = await db
    .select({ mentorId: payoutAccounts.mentorId })
    .from(payoutAccounts)
    .where(
      inArray(
        payoutAccounts.mentorId,
        people.map((p) => p.id),
      ),
    );
  const seeded = new Set(existing.map((e) => e.mentorId));
  if (asha && !seeded.has(asha)) await seedReadyMentor(db, asha, now);
  if (vikram && !seeded.has(vikram)) await seedUnfinishedMentor(db, vikram, now);
}

/**
 * Asha: her subscribers' paid months (from their seeded enrollments): Priya's current subscription
 * (its first month and its renewal two days ago), Zoya's first month (she subscribed five days ago), and the three
 * past subscriptions' paid periods (Priya's, Sara's,
 * and Rahul's, who had paid the two months before his last as well). Sara's was half refunded.
 */
async function seedReadyMentor(db: Db, mentorId: string, now: number) {
  const rows = await db
    .select({
      id: enrollments.id,
      menteeId: enrollments.menteeId,
      mentorId: enrollments.mentorId,
      amountPaise: enrollments.amountPaise,
      status: enrollments.status,
      start: enrollments.currentPeriodStart,
      end: enrollments.currentPeriodEnd,
      activatedAt: enrollments.activatedAt,
      email: mentees.email,
    })
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .where(
      and(
        eq(enrollments.mentorId, mentorId),
        inArray(enrollments.status, ["active", "expired"]),
        // The demo mentees' and her newcomer's (db/seed-moderation.ts, seeded before).
        or(
          inArray(
            mentees.email,
            demoMentees.map((m) => m.email),
          ),
          like(mentees.email, "%.community@example.com"),
        ),
      ),
    )
    .orderBy(asc(enrollments.createdAt));
  const [, rahul, sara] = demoMentees.map((m) => m.email);
  const ledger: Earning[] = [];
  for (const row of rows) {
    if (!row.start || !row.end) continue;
    const enrollment = { id: row.id, menteeId: row.menteeId, mentorId: row.mentorId, amountPaise: row.amountPaise };
    const key = tag(row.id);
    // Rahul kept his subscription for three months before it lapsed: the two months before its last period were paid too.
    // A subscription renewed since it started (Priya's) paid every month from its first to its current one.
    const months = row.status === "expired" && row.email === rahul ? 3 : 1 + monthsSince(row.activatedAt, row.start);
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
      .values({
        mentorId,
        stripeAccountId: account,
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        requirementsDue: "[]",
        disabledReason: null,
        syncedAt: new Date(now),
        createdAt: onboardedAt,
      })
      .onConflictDoNothing(),
    ...(ledger.length ? [db.insert(earnings).values(ledger).onConflictDoNothing()] : []),
    ...(payoutRows.length ? [db.insert(payouts).values(payoutRows).onConflictDoNothing()] : []),
  ]);
}

/** The columns of a subscription its first paid month is written from (heldFirstMonth). */
export const FIRST_MONTH_COLUMNS = {
  id: enrollments.id,
  menteeId: enrollments.menteeId,
  mentorId: enrollments.mentorId,
  amountPaise: enrollments.amountPaise,
  start: enrollments.currentPeriodStart,
  end: enrollments.currentPeriodEnd,
};

/** A subscription's first month, paid on the day it began, its share held for a mentor without a payout account yet. */
export function heldFirstMonth(
  row: { id: string; menteeId: string; mentorId: string; amountPaise: number; start: Date | null; end: Date | null },
  key: string,
): Earning[] {
  return row.start && row.end ? [paidInvoice({ enrollment: row, key, paidAt: row.start, periodEnd: row.end, route: "held" })] : [];
}

/** Vikram: onboarding started a month ago and left at the bank details; his newest subscriber's first payment waits for it. */
async function seedUnfinishedMentor(db: Db, mentorId: string, now: number) {
  const [row] = await db
    .select(FIRST_MONTH_COLUMNS)
    .from(enrollments)
    .where(
      and(
        eq(enrollments.mentorId, mentorId),
        eq(enrollments.status, "active"),
        sql`${enrollments.currentPeriodStart} is not null`,
        sql`${enrollments.currentPeriodStart} < ${now - DAY}`,
      ),
    )
    .orderBy(asc(enrollments.currentPeriodStart))
    .limit(1);
  const startedAt = new Date(now - 30 * DAY);
  const held = row ? heldFirstMonth(row, tag(row.id)) : [];
  await db.batch([
    db
      .insert(payoutAccounts)
      .values({
        mentorId,
        stripeAccountId: DEMO_UNFINISHED_ACCOUNT,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirementsDue: JSON.stringify(["external_account"]),
        disabledReason: null,
        syncedAt: startedAt,
        createdAt: startedAt,
      })
      .onConflictDoNothing(),
    ...(held.length ? [db.insert(earnings).values(held).onConflictDoNothing()] : []),
  ]);
}

// --- The local Stripe's side (development only) ---
