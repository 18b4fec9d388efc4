import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { enrollments, mentees, mentors, payoutAccounts } from "../../../db/schema";
import { fail } from "../domain-error";
import { isEnrollmentActive, latestEnrollment, rowGrantsAccess } from "../enrollment-status";
import { ensureMentorPrice } from "./mentor-price";
import { CHECKOUT_LIFETIME_MS, monthlyPricePaise } from "../../../shared/plan";
import type { Payments } from "../third-parties";

export const ALREADY_SUBSCRIBED = "You are already subscribed to this Mentor";

/** A pending checkout older than this is replaced by a new one (its Stripe session still has 35 minutes, see `expires_at`). */
const REUSE_PENDING_MS = 25 * 60 * 1000;

/** The mentor a mentee may subscribe to, or a clear refusal (unknown 404, under review or blocked 422). */
async function subscribableMentor(db: Db, mentorId: string) {
  const mentor = await db.query.mentors.findFirst({ where: eq(mentors.id, mentorId) });
  if (!mentor) fail("NOT_FOUND", "This mentor does not exist. The link may be wrong.");
  if (mentor.status !== "approved") fail("UNPROCESSABLE_CONTENT", "This mentor's application is still under review, so they cannot take subscribers yet.");
  if (mentor.isBlocked) fail("UNPROCESSABLE_CONTENT", "This mentor is not available for new subscriptions.");
  return mentor;
}

/** The mentee's Stripe Customer, made once and reused for every checkout. */
async function ensureCustomer(db: Db, payments: Payments, menteeId: string): Promise<string> {
  const mentee = await db.query.mentees.findFirst({ where: eq(mentees.id, menteeId) });
  if (!mentee) fail("NOT_FOUND", "Your account was not found. Please sign in again.");
  if (mentee.stripeCustomerId) return mentee.stripeCustomerId;
  const customer = await payments.stripe.customers.create(
    { email: mentee.email, name: `${mentee.firstName} ${mentee.lastName}`, metadata: { menteeId } },
    { idempotencyKey: `customer-${menteeId}` },
  );
  await db.update(mentees).set({ stripeCustomerId: customer.id }).where(and(eq(mentees.id, menteeId), isNull(mentees.stripeCustomerId)));
  return customer.id;
}

/**
 * Opens (or reuses) the mentee's Stripe Checkout for a monthly subscription to the mentor. One
 * pending enrollment per pair (a partial unique index) and an idempotency key per enrollment make
 * concurrent requests share one Checkout Session. The server decides the price.
 */
/**
 * How the mentor's share travels (issue 24, ADR 0024): with a ready payout account (charges and
 * payouts enabled), a destination charge (Stripe moves his share with each invoice and keeps the
 * platform's fee); otherwise nothing, and the platform holds his share until the cron transfers it.
 */
async function splitParams(db: Db, mentorId: string, feePercent: number) {
  const account = await db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.mentorId, mentorId) });
  if (!account?.chargesEnabled || !account.payoutsEnabled) return {};
  return { transfer_data: { destination: account.stripeAccountId }, application_fee_percent: feePercent };
}

export async function createCheckout(db: Db, payments: Payments, input: { menteeId: string; mentorId: string; origin: string; feePercent: number }): Promise<{ url: string; sessionId: string }> {
  const { menteeId, mentorId, origin } = input;
  const mentor = await subscribableMentor(db, mentorId);
  if (await isEnrollmentActive(db, menteeId, mentorId)) fail("CONFLICT", ALREADY_SUBSCRIBED);

  // An old open checkout is abandoned (and its session closed) instead of reused.
  const stale = await db
    .update(enrollments)
    .set({ status: "abandoned", endedAt: new Date() })
    .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), eq(enrollments.status, "pending"), lt(enrollments.createdAt, new Date(Date.now() - REUSE_PENDING_MS))))
    .returning({ sessionId: enrollments.stripeCheckoutSessionId });
  for (const { sessionId } of stale) {
    if (sessionId) await payments.stripe.checkout.sessions.expire(sessionId).catch(() => undefined);
  }

  await db.insert(enrollments).values({ menteeId, mentorId, status: "pending", amountPaise: monthlyPricePaise(mentor.hourlyRatePaise) }).onConflictDoNothing();
  const pending = await db.query.enrollments.findFirst({ where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), eq(enrollments.status, "pending")) });
  if (!pending) {
    // Between our insert and read the checkout completed (another tab paid).
    if (await isEnrollmentActive(db, menteeId, mentorId)) fail("CONFLICT", ALREADY_SUBSCRIBED);
    fail("CONFLICT", "Your checkout changed meanwhile. Please try again.");
  }
  if (pending.checkoutUrl && pending.stripeCheckoutSessionId) return { url: pending.checkoutUrl, sessionId: pending.stripeCheckoutSessionId };

  const customerId = await ensureCustomer(db, payments, menteeId);
  const price = await ensureMentorPrice(db, payments.stripe, mentor);
  const metadata = { enrollmentId: pending.id, menteeId, mentorId };
  const split = await splitParams(db, mentorId, input.feePercent);
  const session = await payments.stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer: customerId,
      line_items: [{ price: price.priceId, quantity: 1 }],
      client_reference_id: pending.id,
      metadata,
      subscription_data: { metadata, ...split, description: `Mentorship with ${mentor.firstName} ${mentor.lastName}: 4 one-hour calls a month` },
      success_url: `${origin}/mentees/payment/success/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/mentees/payment/failed`,
      // Derived from the row, so a concurrent request sends the same parameters with the same key.
      expires_at: Math.floor((pending.createdAt.getTime() + CHECKOUT_LIFETIME_MS) / 1000),
    },
    { idempotencyKey: `checkout-${pending.id}` },
  );
  if (!session.url) fail("BAD_GATEWAY", "The payment provider did not return a checkout page. Please try again.");
  await db
    .update(enrollments)
    .set({ stripeCheckoutSessionId: session.id, checkoutUrl: session.url, stripeCustomerId: customerId, stripePriceId: price.priceId, amountPaise: price.amountPaise })
    .where(eq(enrollments.id, pending.id));
  return { url: session.url, sessionId: session.id };
}

/** `enrollment-success`: the pair's current status; it never activates anything (the webhook does). */
export async function enrollmentStatus(db: Db, menteeId: string, mentorId: string) {
  const row = await latestEnrollment(db, menteeId, mentorId);
  const active = row ? rowGrantsAccess(row) : false;
  const status = !row ? "none" : active ? "active" : row.status === "active" ? "expired" : row.status;
  const message = active
    ? "Your subscription is active."
    : status === "pending"
      ? "Your payment is still being processed. Your subscription starts as soon as the payment provider confirms it."
      : "You have no active subscription to this mentor.";
  return { status, isEnrollmentActive: active, message, enrollmentId: row?.id ?? null };
}
