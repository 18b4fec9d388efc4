import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

/**
 * pending: a checkout is open. active: paid, access until the paid period ends. canceled: ended by
 * the mentee's cancellation (or in Stripe). expired: ended unpaid. abandoned: the checkout was never paid.
 */
export const enrollmentStatuses = ["pending", "active", "canceled", "expired", "abandoned"] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

/** A mentee's subscription to a mentor, paid through Stripe Checkout. */
export const enrollments = sqliteTable(
  "enrollments",
  {
    id: id(),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    status: text("status", { enum: enrollmentStatuses }).notNull().default("pending"),
    amountPaise: integer("amount_paise").notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeCustomerId: text("stripe_customer_id"),
    currentPeriodStart: instant("current_period_start"),
    currentPeriodEnd: instant("current_period_end"),
    activatedAt: instant("activated_at"),
    /** The Stripe Price the mentee pays (she keeps it until she renews on a new one or cancels). */
    stripePriceId: text("stripe_price_id"),
    /** The hosted checkout page of a pending enrollment. */
    checkoutUrl: text("checkout_url"),
    /** The mentee asked to end at the period end; she may resume before then. */
    cancelAtPeriodEnd: flag("cancel_at_period_end"),
    /** The latest renewal payment failed and was not paid since. */
    paymentFailedAt: instant("payment_failed_at"),
    endedAt: instant("ended_at"),
    /** The Stripe event whose handling last changed this row (notifications of that change key on it). */
    stateEventId: text("state_event_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("enrollments_mentee_idx").on(t.menteeId),
    index("enrollments_mentor_idx").on(t.mentorId),
    uniqueIndex("enrollments_checkout_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("enrollments_subscription_unique").on(t.stripeSubscriptionId),
    /** At most one active enrollment per mentee and mentor. */
    uniqueIndex("enrollments_one_active").on(t.menteeId, t.mentorId).where(sql`status = 'active'`),
    /** At most one open checkout per mentee and mentor: concurrent checkouts share it. */
    uniqueIndex("enrollments_one_pending").on(t.menteeId, t.mentorId).where(sql`status = 'pending'`),
  ],
);
