import { and, eq, isNull, lt, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, payoutAccounts } from "../../db/schema";
import { CHECKOUT_LIFETIME_MS, monthlyPricePaise } from "../../shared/plan";
import { fail } from "../platform/domain-error";
import type { Payments } from "../platform/ports/third-parties";
import { MENTOR_LEAVING_SUBSCRIPTIONS, mentorLeaving } from "../privacy/leaving";
import { grantsAccess, latestEnrollment, rowGrantsAccess } from "./enrollment-status";
import { ensureMentorPrice } from "./mentor-price";

export const ALREADY_SUBSCRIBED = "You are already subscribed to this Mentor";

/** A pending checkout older than this is replaced by a new one (its Stripe session still has 35 minutes, see `expires_at`). */
const REUSE_PENDING_MS = 25 * 60 * 1000;

type MentorRow = typeof mentors.$inferSelect;

/** The mentor a mentee may subscribe to, or a clear refusal (unknown 404, under review or blocked 422). */
function subscribable(mentor: MentorRow | undefined): MentorRow {
  if (!mentor) fail("NOT_FOUND", "This mentor does not exist. The link may be wrong.");
  if (mentor.status !== "approved")
    fail("UNPROCESSABLE_CONTENT", "This mentor's application is still under review, so they cannot take subscribers yet.");
  if (mentor.isBlocked) fail("UNPROCESSABLE_CONTENT", "This mentor is not available for new subscriptions.");
  return mentor;
}

/**
 * How the mentor's share travels (ADR 0024): with a ready payout account (charges and
 * payouts enabled), a destination charge (Stripe moves his share with each invoice and keeps the
 * platform's fee); otherwise nothing, and the platform holds his share until the cron transfers it.
 */
function splitParams(account: typeof payoutAccounts.$inferSelect | undefined, feePercent: number) {
  if (!account?.chargesEnabled || !account.payoutsEnabled) return {};
  return { transfer_data: { destination: account.stripeAccountId }, application_fee_percent: feePercent };
}

/**
 * Opens (or reuses) the mentee's Stripe Checkout for a monthly subscription to the mentor. One
 * pending enrollment per pair (a partial unique index) and an idempotency key per enrollment make
 * concurrent requests share one Checkout Session. The server decides the price.
 *
 * Round trips to the database (ADR 0017): everything the checkout depends on is read in
 * the first, beside the account check (`db/request-db.ts`), and an open checkout is answered from it.
 * A new one then claims the pair's pending enrollment (one write batch, before Stripe is asked, so
 * that concurrent requests share its id and so one Checkout Session), and records the session (one
 * more batch, after Stripe has answered): three trips, the fewest that keep the claim before the call.
 * A mentor's first checkout after his approval or a rate change also makes his Price (`ensureMentorPrice`).
 */
export async function createCheckout(
  db: Db,
  payments: Payments,
  input: {
    now: Date;
    menteeId: string;
    mentorId: string;
    origin: string;
    feePercent: number /** Settles once her account check passed: Stripe is not asked before. */;
    cleared: Promise<unknown>;
  },
): Promise<{ url: string; sessionId: string }> {
  const { menteeId, mentorId, origin, now } = input;
  const ofPair = and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId));
  const isPending = and(ofPair, eq(enrollments.status, "pending"));
  // Started together, so they travel with the account check in one round trip.
  const [mentorRow, active, open, mentee, account, leaving] = await Promise.all([
    db.query.mentors.findFirst({ where: eq(mentors.id, mentorId) }),
    db.query.enrollments.findFirst({ where: and(ofPair, grantsAccess(now)), columns: { id: true } }),
    db.query.enrollments.findFirst({ where: isPending }),
    db.query.mentees.findFirst({
      where: eq(mentees.id, menteeId),
      columns: { email: true, firstName: true, lastName: true, stripeCustomerId: true },
    }),
    db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.mentorId, mentorId) }),
    mentorLeaving(db, mentorId),
  ]);
  const mentor = subscribable(mentorRow);
  // A mentor who asked to delete his account takes nobody new: he would be erased inside her first month (ADR 0042).
  if (leaving) fail("UNPROCESSABLE_CONTENT", MENTOR_LEAVING_SUBSCRIPTIONS);
  if (active) fail("CONFLICT", ALREADY_SUBSCRIBED);
  if (!mentee) fail("NOT_FOUND", "Your account was not found. Please sign in again.");
  const staleBefore = new Date(now.getTime() - REUSE_PENDING_MS);
  const reusable = open && open.createdAt >= staleBefore ? open : undefined;
  if (reusable?.checkoutUrl && reusable.stripeCheckoutSessionId)
    return { url: reusable.checkoutUrl, sessionId: reusable.stripeCheckoutSessionId };

  // Nothing goes past the database before her account check passed (a blocked mentee's read above is refused with it).
  await input.cleared;
  // The mentee's Stripe Customer, made once (the idempotency key shares it between concurrent checkouts) and
  // kept in the next write batch, so a checkout that fails after this point does not make another.
  const madeCustomer = mentee.stripeCustomerId
    ? null
    : await payments.stripe.customers.create(
        { email: mentee.email, name: `${mentee.firstName} ${mentee.lastName}`, metadata: { menteeId } },
        { idempotencyKey: `customer-${menteeId}` },
      );
  const customerId = mentee.stripeCustomerId ?? madeCustomer!.id;
  const keepCustomer = madeCustomer
    ? [
        db
          .update(mentees)
          .set({ stripeCustomerId: customerId })
          .where(and(eq(mentees.id, menteeId), isNull(mentees.stripeCustomerId))),
      ]
    : [];
  const pending =
    reusable ??
    (await claimPending(
      db,
      payments,
      { menteeId, mentorId, isPending, amountPaise: monthlyPricePaise(mentor.hourlyRatePaise), staleBefore, now },
      keepCustomer,
    ));
  const price = await ensureMentorPrice(db, payments.stripe, mentor);
  const metadata = { enrollmentId: pending.id, menteeId, mentorId };
  const session = await payments.stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer: customerId,
      line_items: [{ price: price.priceId, quantity: 1 }],
      client_reference_id: pending.id,
      metadata,
      subscription_data: {
        metadata,
        ...splitParams(account, input.feePercent),
        description: `Mentorship with ${mentor.firstName} ${mentor.lastName}: 4 one-hour calls a month`,
      },
      success_url: `${origin}/mentees/payment/success/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/mentees/payment/failed`,
      // Derived from the row, so a concurrent request sends the same parameters with the same key.
      expires_at: Math.floor((pending.createdAt.getTime() + CHECKOUT_LIFETIME_MS) / 1000),
    },
    { idempotencyKey: `checkout-${pending.id}` },
  );
  if (!session.url) fail("BAD_GATEWAY", "The payment provider did not return a checkout page. Please try again.");
  const record = db
    .update(enrollments)
    .set({
      stripeCheckoutSessionId: session.id,
      checkoutUrl: session.url,
      stripeCustomerId: customerId,
      stripePriceId: price.priceId,
      amountPaise: price.amountPaise,
    })
    .where(eq(enrollments.id, pending.id));
  // The customer was kept by the claim; a checkout that found its claim made by another request keeps it here.
  if (reusable && keepCustomer.length) await db.batch([record, ...keepCustomer]);
  else await record;
  return { url: session.url, sessionId: session.id };
}

/**
 * The pair's pending enrollment, claimed in one write batch: an open checkout older than the reuse
 * window is abandoned, a new pending row is inserted unless a concurrent request's is there, and the
 * one that stands is read back (with `alsoWrite`, the mentee's new Customer). The abandoned checkouts' Stripe sessions are then closed.
 */
async function claimPending(
  db: Db,
  payments: Payments,
  claim: { menteeId: string; mentorId: string; isPending: SQL | undefined; amountPaise: number; staleBefore: Date; now: Date },
  alsoWrite: BatchItem<"sqlite">[],
) {
  const { isPending } = claim;
  const [stale, , [pending]] = await db.batch([
    db
      .update(enrollments)
      .set({ status: "abandoned", endedAt: claim.now })
      .where(and(isPending, lt(enrollments.createdAt, claim.staleBefore)))
      .returning({ sessionId: enrollments.stripeCheckoutSessionId }),
    db
      .insert(enrollments)
      .values({ menteeId: claim.menteeId, mentorId: claim.mentorId, status: "pending", amountPaise: claim.amountPaise })
      .onConflictDoNothing(),
    db.select().from(enrollments).where(isPending),
    ...alsoWrite,
  ]);
  for (const { sessionId } of stale) {
    if (sessionId) await payments.stripe.checkout.sessions.expire(sessionId).catch(() => undefined);
  }
  if (!pending) fail("CONFLICT", "Your checkout changed meanwhile. Please try again.");
  return pending;
}

/** `enrollment-success`: the pair's current status; it never activates anything (the webhook does). */
export async function enrollmentStatus(db: Db, menteeId: string, mentorId: string, now: Date) {
  const row = await latestEnrollment(db, menteeId, mentorId);
  const active = row ? rowGrantsAccess(row, now) : false;
  const status = !row ? "none" : active ? "active" : row.status === "active" ? "expired" : row.status;
  const message = active
    ? "Your subscription is active."
    : status === "pending"
      ? "Your payment is still being processed. Your subscription starts as soon as the payment provider confirms it."
      : "You have no active subscription to this mentor.";
  return { status, isEnrollmentActive: active, message, enrollmentId: row?.id ?? null };
}
