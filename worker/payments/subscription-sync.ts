import { and, eq, isNull, lt, ne, not, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { type EnrollmentStatus, enrollments, processedPaymentEvents } from "../../db/schema";
import { earningWrites, type PaidShare } from "../payouts/ledger";
import { grantsAccess } from "./enrollment-status";
import { type PaidInvoice, receiptWrites } from "./receipt";

type Enrollment = typeof enrollments.$inferSelect;

/** What a subscription looks like in Stripe right now (read fresh, never trusted from event order). */
export type SubscriptionState = {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  endedAt: Date | null;
  cancellationReason: string | null;
  priceId: string | null;
  amountPaise: number | null;
  enrollmentId: string | null;
  /** Destination charges (ADR 0024): the mentor's connected account Stripe moves his share to, when the subscription carries one. */
  destination: string | null;
  /** The platform's application fee on each of its invoices, in percent (destination charges only). */
  applicationFeePercent: number | null;
};

const subscriptionIdOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items?.data?.[0];
  return {
    id: sub.id,
    customerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
    status: sub.status,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    periodStart: seconds(item?.current_period_start),
    periodEnd: seconds(item?.current_period_end),
    endedAt: seconds(sub.ended_at),
    cancellationReason: sub.cancellation_details?.reason ?? null,
    priceId: item?.price?.id ?? null,
    amountPaise: item?.price?.unit_amount ?? null,
    enrollmentId: sub.metadata?.enrollmentId ?? null,
    destination: subscriptionIdOf(sub.transfer_data?.destination),
    applicationFeePercent: sub.application_fee_percent ?? null,
  };
}

export type ChangeKind =
  | "activated"
  | "renewed"
  | "cancel-scheduled"
  | "resumed"
  | "payment-failed"
  | "ended"
  | "abandoned"
  | "duplicate-canceled";

export type SyncOutcome =
  | { kind: "changed"; change: ChangeKind; enrollment: Enrollment }
  /** Already handled, nothing to change, or not one of ours. */
  | { kind: "unchanged" | "duplicate-event" | "unknown" }
  /** Paid, but the mentee already has an active subscription to this mentor: the caller cancels it in Stripe. */
  | { kind: "second-active"; enrollment: Enrollment };

export type SyncInput = {
  eventId: string;
  eventType: string;
  sub: SubscriptionState;
  /** invoice.paid: the period that invoice paid for. */
  paidPeriod?: { start: Date; end: Date };
  /** invoice.paid: the invoice, receipted by mail in the same batch as the event's record. */
  invoice?: PaidInvoice;
  /** invoice.paid: the payment's split, written to the ledger in the same batch as the event's record. */
  share?: PaidShare;
  /** invoice.payment_failed */
  paymentFailed?: boolean;
  checkoutSessionId?: string;
};

const PAID: Stripe.Subscription.Status[] = ["active", "trialing"];
const ENDED: Stripe.Subscription.Status[] = ["canceled", "incomplete_expired"];

async function findEnrollment(db: Db, sub: SubscriptionState, checkoutSessionId?: string): Promise<Enrollment | undefined> {
  const keys = [eq(enrollments.stripeSubscriptionId, sub.id)];
  if (sub.enrollmentId) keys.push(eq(enrollments.id, sub.enrollmentId));
  if (checkoutSessionId) keys.push(eq(enrollments.stripeCheckoutSessionId, checkoutSessionId));
  const rows = await db
    .select()
    .from(enrollments)
    .where(or(...keys));
  return rows.find((r) => r.stripeSubscriptionId === sub.id) ?? rows[0];
}

function causes(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 5; e = (e as { cause?: unknown }).cause) parts.push(String((e as Error).message ?? e));
  return parts.join(" | ");
}
export const isDuplicateEvent = (error: unknown) => /UNIQUE constraint failed: processed_payment_events/.test(causes(error));
const isSecondActive = (error: unknown) => /UNIQUE constraint failed: enrollments\.mentee_id, enrollments\.mentor_id/.test(causes(error));

const markProcessed = (db: Db, eventId: string, type: string) => db.insert(processedPaymentEvents).values({ eventId, type });

/** Records an event that changes nothing, so a redelivery is recognised. */
export async function recordEvent(db: Db, eventId: string, type: string): Promise<void> {
  await db.insert(processedPaymentEvents).values({ eventId, type }).onConflictDoNothing();
}

export async function alreadyProcessed(db: Db, eventId: string): Promise<boolean> {
  const row = await db.query.processedPaymentEvents.findFirst({
    where: eq(processedPaymentEvents.eventId, eventId),
    columns: { eventId: true },
  });
  return Boolean(row);
}

/**
 * Brings one enrollment in line with its Stripe subscription as read now. The processed-event row,
 * the state change and the clean-up of the pair's other rows are one batch (one transaction): a
 * redelivered event fails on the event's primary key and changes nothing; a second active
 * subscription for the pair fails on `enrollments_one_active`.
 */
export async function syncEnrollment(db: Db, input: SyncInput, now: Date): Promise<SyncOutcome> {
  const { sub, eventId, eventType } = input;
  const row = await findEnrollment(db, sub, input.checkoutSessionId);
  if (!row) return { kind: "unknown" };

  const receipt = [...(await receiptWrites(db, row, input.invoice, now)), ...earningWrites(db, row, input.share)];
  const plan = planChange(row, input, now);
  if (!plan) {
    if (receipt.length === 0) await recordEvent(db, eventId, eventType);
    else await db.batch([db.insert(processedPaymentEvents).values({ eventId, type: eventType }).onConflictDoNothing(), ...receipt]);
    return { kind: "unchanged" };
  }
  const where = and(eq(enrollments.id, row.id), eq(enrollments.status, row.status), plan.guard);
  const update = db
    .update(enrollments)
    .set({ ...plan.set, stateEventId: eventId })
    .where(where)
    .returning();
  try {
    if (plan.change === "activated") {
      const pair = and(eq(enrollments.menteeId, row.menteeId), eq(enrollments.mentorId, row.mentorId), ne(enrollments.id, row.id));
      const [, , , updated] = await db.batch([
        markProcessed(db, eventId, eventType),
        // A former subscription of the pair whose access has ended gives way.
        db
          .update(enrollments)
          .set({ status: "expired", endedAt: now })
          .where(and(pair, eq(enrollments.status, "active"), not(grantsAccess(now)))),
        // Other open checkouts of the pair are closed: this one won.
        db
          .update(enrollments)
          .set({ status: "abandoned", endedAt: now })
          .where(and(pair, eq(enrollments.status, "pending"))),
        update,
        ...receipt,
      ]);
      return updated[0] ? { kind: "changed", change: plan.change, enrollment: updated[0] } : { kind: "unchanged" };
    }
    const [, updated] = await db.batch([markProcessed(db, eventId, eventType), update, ...receipt]);
    return updated[0] ? { kind: "changed", change: plan.change, enrollment: updated[0] } : { kind: "unchanged" };
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    if (isSecondActive(error)) return { kind: "second-active", enrollment: row };
    throw error;
  }
}

/** After Stripe canceled a second subscription for a pair: the row ends as canceled, in one batch with the event. */
export async function recordDuplicateCanceled(db: Db, input: SyncInput, row: Enrollment, now: Date): Promise<SyncOutcome> {
  // It was paid once before Stripe canceled it: that payment is receipted too.
  const receipt = [...(await receiptWrites(db, row, input.invoice, now)), ...earningWrites(db, row, input.share)];
  try {
    const [, updated] = await db.batch([
      markProcessed(db, input.eventId, input.eventType),
      db
        .update(enrollments)
        .set({
          status: "canceled",
          stripeSubscriptionId: input.sub.id,
          stripeCustomerId: input.sub.customerId,
          endedAt: now,
          stateEventId: input.eventId,
        })
        .where(and(eq(enrollments.id, row.id), eq(enrollments.status, row.status)))
        .returning(),
      ...receipt,
    ]);
    return updated[0] ? { kind: "changed", change: "duplicate-canceled", enrollment: updated[0] } : { kind: "unchanged" };
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    throw error;
  }
}

type Plan = { change: ChangeKind; set: Partial<typeof enrollments.$inferInsert>; guard?: ReturnType<typeof and> };

/** The one change this event's view of the subscription calls for, if any. */
export function planChange(row: Enrollment, input: SyncInput, now: Date): Plan | null {
  const { sub } = input;
  const paid = PAID.includes(sub.status);
  const ended = ENDED.includes(sub.status);
  const status: EnrollmentStatus = row.status;

  if (status === "pending" || status === "abandoned") {
    if (paid) {
      return {
        change: "activated",
        set: {
          status: "active",
          stripeSubscriptionId: sub.id,
          stripeCustomerId: sub.customerId,
          stripePriceId: sub.priceId ?? row.stripePriceId,
          amountPaise: sub.amountPaise ?? row.amountPaise,
          currentPeriodStart: sub.periodStart ?? now,
          currentPeriodEnd: sub.periodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          paymentFailedAt: null,
          activatedAt: now,
          endedAt: null,
        },
      };
    }
    if (ended && status === "pending") return { change: "abandoned", set: { status: "abandoned", endedAt: now } };
    return null;
  }

  if (status !== "active") return null; // canceled, expired: final

  if (ended) {
    const endedAt = sub.endedAt ?? now;
    const periodEnd = row.currentPeriodEnd && row.currentPeriodEnd < endedAt ? row.currentPeriodEnd : endedAt;
    const byPaymentFailure = sub.cancellationReason === "payment_failed" || Boolean(row.paymentFailedAt);
    return {
      change: "ended",
      set: { status: byPaymentFailure ? "expired" : "canceled", endedAt, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false },
    };
  }

  const renewal = input.paidPeriod;
  if (renewal && (!row.currentPeriodEnd || renewal.end > row.currentPeriodEnd)) {
    return {
      change: "renewed",
      set: {
        currentPeriodStart: renewal.start,
        currentPeriodEnd: renewal.end,
        paymentFailedAt: null,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        stripePriceId: sub.priceId ?? row.stripePriceId,
        amountPaise: sub.amountPaise ?? row.amountPaise,
      },
      // Periods only move forward, whatever order the invoices arrive in.
      guard: or(isNull(enrollments.currentPeriodEnd), lt(enrollments.currentPeriodEnd, renewal.end)),
    };
  }
  if (input.paymentFailed && !row.paymentFailedAt) return { change: "payment-failed", set: { paymentFailedAt: now } };
  if (sub.cancelAtPeriodEnd !== row.cancelAtPeriodEnd) {
    return { change: sub.cancelAtPeriodEnd ? "cancel-scheduled" : "resumed", set: { cancelAtPeriodEnd: sub.cancelAtPeriodEnd } };
  }
  return null;
}
