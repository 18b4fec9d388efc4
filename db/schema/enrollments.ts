import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

export const enrollmentStatuses = ["pending", "active", "canceled", "expired"] as const;

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
    createdAt: createdAt(),
  },
  (t) => [
    index("enrollments_mentee_idx").on(t.menteeId),
    index("enrollments_mentor_idx").on(t.mentorId),
    uniqueIndex("enrollments_checkout_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("enrollments_subscription_unique").on(t.stripeSubscriptionId),
    /** At most one active enrollment per mentee and mentor. */
    uniqueIndex("enrollments_one_active").on(t.menteeId, t.mentorId).where(sql`status = 'active'`),
  ],
);
