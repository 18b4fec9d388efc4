import { and, eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, processedPaymentEvents } from "../../db/schema";
import { notify } from "../notifications/notifications";
import { recordDisputeEvent } from "../payouts/disputes";
import { type MoneyOutcome, type PaidShare, splitOf } from "../payouts/ledger";
import { recordRefundEvent } from "../payouts/refunds";
import type { ServiceDeps } from "../platform/deps";
import type { Payments } from "../platform/ports/third-parties";
import type { PaidInvoice } from "./receipt";
import {
  alreadyProcessed,
  isDuplicateEvent,
  recordDuplicateCanceled,
  recordEvent,
  type SubscriptionState,
  type SyncInput,
  type SyncOutcome,
  subscriptionState,
  syncEnrollment,
} from "./subscription-sync";

const subscriptionIdOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The subscription an invoice belongs to (API 2025+: under `parent.subscription_details`). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return subscriptionIdOf(invoice.parent?.subscription_details?.subscription);
}

/** What the webhook needs besides the event: the configured platform fee (held payments are split with it, ADR 0024), and the request's now. */
export type EventOptions = { feePercent: number; now: Date };

export async function handleEvent(
  db: Db,
  payments: Payments,
  event: Stripe.Event,
  options: EventOptions,
): Promise<SyncOutcome | MoneyOutcome> {
  if (await alreadyProcessed(db, event.id)) return { kind: "duplicate-event" };
  const base = { eventId: event.id, eventType: event.type };
  const retrieve = async (id: string) => subscriptionState(await payments.stripe.subscriptions.retrieve(id));

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const subId = subscriptionIdOf(session.subscription);
      if (session.mode !== "subscription" || !subId) return ignore(db, event);
      return syncWithDuplicates(db, payments, { ...base, sub: await retrieve(subId), checkoutSessionId: session.id }, options.now);
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      return abandonCheckout(db, event, session.id, session.client_reference_id, options.now);
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const subId = invoiceSubscriptionId(invoice);
      if (!subId) return ignore(db, event);
      const line = invoice.lines?.data?.[0]?.period;
      const paidPeriod = line ? { start: new Date(line.start * 1000), end: new Date(line.end * 1000) } : undefined;
      const paid = {
        invoiceId: invoice.id ?? event.id,
        amountMinor: invoice.amount_paid ?? 0,
        currency: invoice.currency || "inr",
        period: paidPeriod ?? null,
      };
      const sub = await retrieve(subId);
      const share = paid.amountMinor > 0 && invoice.id ? await paidShare(payments, invoice.id, sub, paid, event, options) : undefined;
      return syncWithDuplicates(db, payments, { ...base, sub, paidPeriod, invoice: paid, share }, options.now);
    }
    case "invoice.payment_failed": {
      const subId = invoiceSubscriptionId(event.data.object);
      if (!subId) return ignore(db, event);
      return syncEnrollment(db, { ...base, sub: await retrieve(subId), paymentFailed: true }, options.now);
    }
    case "charge.refunded":
      return recordRefundEvent(db, payments, event, event.data.object.id, options.now);
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      return recordDisputeEvent(db, payments, event, event.data.object.id);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncWithDuplicates(db, payments, { ...base, sub: await retrieve(event.data.object.id) }, options.now);
    default:
      return ignore(db, event);
  }
}

/**
 * The split of a paid invoice: destination when the subscription carries the mentor's
 * account, else held; and the PaymentIntent that paid it (refunds and disputes find the row by it),
 * read from the invoice's payments.
 */
async function paidShare(
  payments: Payments,
  invoiceId: string,
  sub: SubscriptionState,
  paid: PaidInvoice,
  event: Stripe.Event,
  options: EventOptions,
): Promise<PaidShare> {
  const invoice = await payments.stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
  const payment =
    invoice.payments?.data?.find((p) => p.payment?.type === "payment_intent" && p.payment.payment_intent) ?? invoice.payments?.data?.[0];
  const intent = payment?.payment?.payment_intent;
  const paymentIntentId = typeof intent === "string" ? intent : (intent?.id ?? null);
  const paidAt = invoice.status_transitions?.paid_at ?? event.created;
  const split = splitOf({
    grossPaise: paid.amountMinor,
    destination: sub.destination,
    applicationFeePercent: sub.applicationFeePercent,
    configPercent: options.feePercent,
  });
  return {
    invoiceId,
    grossPaise: paid.amountMinor,
    currency: paid.currency,
    ...split,
    paymentIntentId,
    period: paid.period,
    paidAt: new Date(paidAt * 1000),
  };
}

async function ignore(db: Db, event: Stripe.Event): Promise<SyncOutcome> {
  await recordEvent(db, event.id, event.type);
  return { kind: "unchanged" };
}

/** A second paid subscription for a pair is canceled in Stripe at once, so nobody pays twice for one mentor. */
async function syncWithDuplicates(db: Db, payments: Payments, input: SyncInput, now: Date): Promise<SyncOutcome> {
  const outcome = await syncEnrollment(db, input, now);
  if (outcome.kind !== "second-active") return outcome;
  console.warn("A second active subscription for one mentee and mentor: canceling it", input.sub.id);
  await payments.stripe.subscriptions.cancel(input.sub.id, { prorate: false }).catch((error: unknown) => {
    // Already canceled is fine; anything else is retried with the event.
    if ((error as { code?: string }).code !== "resource_missing") throw error;
  });
  return recordDuplicateCanceled(db, input, outcome.enrollment, now);
}

async function abandonCheckout(
  db: Db,
  event: Stripe.Event,
  sessionId: string,
  enrollmentId: string | null,
  now: Date,
): Promise<SyncOutcome> {
  const keys = [eq(enrollments.stripeCheckoutSessionId, sessionId)];
  if (enrollmentId) keys.push(eq(enrollments.id, enrollmentId));
  try {
    const [, updated] = await db.batch([
      db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type }),
      db
        .update(enrollments)
        .set({ status: "abandoned", endedAt: now, stateEventId: event.id })
        .where(and(or(...keys), eq(enrollments.status, "pending")))
        .returning(),
    ]);
    return updated[0] ? { kind: "changed", change: "abandoned", enrollment: updated[0] } : { kind: "unchanged" };
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    throw error;
  }
}

/** After the commit: a notification (stored, then pushed) to the mentee and, where it concerns him, the mentor. */
export async function tellPeople(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  outcome: Extract<SyncOutcome, { kind: "changed" }>,
) {
  const { db } = deps;
  const { enrollment, change } = outcome;
  const [mentee, mentor] = await Promise.all([
    db.query.mentees.findFirst({ where: eq(mentees.id, enrollment.menteeId), columns: { firstName: true, lastName: true } }),
    db.query.mentors.findFirst({ where: eq(mentors.id, enrollment.mentorId), columns: { firstName: true, lastName: true } }),
  ]);
  const menteeName = mentee ? `${mentee.firstName} ${mentee.lastName}` : "A mentee";
  const mentorName = mentor ? `${mentor.firstName} ${mentor.lastName}` : "your mentor";
  const messages: Partial<Record<typeof change, { mentee?: string; mentor?: string }>> = {
    activated: {
      mentee: `Your subscription to ${mentorName} is active. You can now chat and book your calls.`,
      mentor: `New subscriber: ${menteeName} subscribed to your mentorship plan.`,
    },
    renewed: { mentee: `Your subscription to ${mentorName} renewed for another month.` },
    "cancel-scheduled": {
      mentee: `Your subscription to ${mentorName} will end at the end of the current period.`,
      mentor: `${menteeName} canceled their subscription; it ends at the end of the current period.`,
    },
    resumed: { mentee: `Your subscription to ${mentorName} will renew as usual.`, mentor: `${menteeName} resumed their subscription.` },
    "payment-failed": {
      mentee: `We could not take the renewal payment for your subscription to ${mentorName}. Please update your card before the period ends.`,
    },
    ended: { mentee: `Your subscription to ${mentorName} has ended.`, mentor: `${menteeName}'s subscription has ended.` },
    "duplicate-canceled": {
      mentee: `You were already subscribed to ${mentorName}, so the second subscription was canceled and will not be charged again.`,
    },
  };
  const texts = messages[change];
  if (!texts) return;
  const sends: Promise<unknown>[] = [];
  if (texts.mentee)
    sends.push(notify(deps, { role: "mentee", id: enrollment.menteeId }, { type: "alert", kind: "account", content: texts.mentee }));
  if (texts.mentor)
    sends.push(notify(deps, { role: "mentor", id: enrollment.mentorId }, { type: "alert", kind: "account", content: texts.mentor }));
  // The change is committed; a lost notification must not make Stripe redeliver the event.
  for (const result of await Promise.allSettled(sends))
    if (result.status === "rejected") console.error("notification failed", result.reason);
}
