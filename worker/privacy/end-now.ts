import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, enrollments, mentors } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { grantsAccess } from "../payments/enrollment-status";
import { setCancelAtPeriodEnd } from "../payments/manage";
import { subscriptionState, syncEnrollment } from "../payments/subscription-sync";
import { tellPeople } from "../payments/webhook";
import { announce } from "../payouts/refund-notices";
import { refundPayment } from "../payouts/refunds";
import type { ServiceDeps } from "../platform/deps";
import { paymentsFor } from "../platform/ports/stripe-client";
import { CANCEL_WINDOW_MS } from "../scheduling/booking";
import { bookedThisPeriod, callsLeftOf, notMissedByMentor } from "../scheduling/calls-left";

/**
 * "End it now and get back the unused calls" (ADR 0042): a mentee deleting her account may have her running
 * subscriptions cancelled at once, with the current period's payment refunded for the calls she has not used:
 * floor(paid × calls left / calls per period). Calls left are the mentee home's count (worker/scheduling/calls-left.ts),
 * except that the sessions her request cancels (booked, more than 12 hours ahead) are not used: the card's amount is
 * then the amount refunded, whether it is read before the request cancels them or after.
 */

/** Her paid calls of the period the request will cancel (the erasure cancels them too): given back, not used. */
const cancelledByTheRequest = (menteeId: string, now: Date) =>
  sql<number>`(select count(*) from time_slots b where b.mentee_id = ${menteeId} and b.mentor_id = ${enrollments.mentorId} and b.state = 'booked' and b.type = 'session' and ${notMissedByMentor("b")}
    and b.start_at > ${now.getTime() + CANCEL_WINDOW_MS}
    and b.start_at >= coalesce(${enrollments.currentPeriodStart}, 0) and b.start_at < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991))`;

export type EndNowQuote = {
  enrollmentId: string;
  mentorName: string;
  periodEnd: string | null;
  callsLeft: number;
  callsPerPeriod: number;
  /** What "End it now" gives back for this subscription (0 when every call of the period is used). */
  refundPaise: number;
  earningId: string | null;
};

/** Her running subscriptions, each with what ending it now would give back; the card shows these before she decides. */
export async function endNowQuotes(db: Db, menteeId: string, now: Date): Promise<EndNowQuote[]> {
  const rows = await db
    .select({
      id: enrollments.id,
      periodEnd: enrollments.currentPeriodEnd,
      first: mentors.firstName,
      last: mentors.lastName,
      booked: bookedThisPeriod(menteeId),
      givenBack: cancelledByTheRequest(menteeId, now),
    })
    .from(enrollments)
    .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
    .where(and(eq(enrollments.menteeId, menteeId), grantsAccess(now), isNotNull(enrollments.stripeSubscriptionId)));
  return Promise.all(
    rows.map(async (r) => {
      const callsLeft = callsLeftOf(Number(r.booked) - Number(r.givenBack));
      // The payment of the current period: the latest paid invoice of the subscription (a renewal's, or the first).
      const [paid] = await db
        .select({ id: earnings.id, gross: earnings.grossPaise, refunded: earnings.refundedPaise })
        .from(earnings)
        .where(eq(earnings.enrollmentId, r.id))
        .orderBy(desc(earnings.paidAt))
        .limit(1);
      const due = paid ? Math.floor((paid.gross * callsLeft) / CALLS_PER_MONTH) : 0;
      return {
        enrollmentId: r.id,
        mentorName: `${r.first} ${r.last}`.trim(),
        periodEnd: r.periodEnd?.toISOString() ?? null,
        callsLeft,
        callsPerPeriod: CALLS_PER_MONTH,
        // A moderator may have refunded part already: never more than is left of the payment.
        refundPaise: paid ? Math.max(0, Math.min(due, paid.gross - paid.refunded)) : 0,
        earningId: paid?.id ?? null,
      };
    }),
  );
}

/** What happened to her subscriptions when she chose "End it now". */
export type EndNowOutcome = { refundedPaise: number; refundFailed: boolean };

/**
 * Ends her running subscriptions now, each refunded for its unused calls through the one refund path (the mentor's share
 * is taken back in proportion, both hear of it as of any refund). The refund comes first: if Stripe refuses it, that
 * subscription is set to end at the period's close instead (what "Keep it" does), so she is never left with a
 * subscription ended early and nothing back. Her deletion stands either way.
 */
export async function endSubscriptionsNow(deps: ServiceDeps, menteeId: string, deletionId: string): Promise<EndNowOutcome> {
  const payments = paymentsFor(deps);
  const outcome: EndNowOutcome = { refundedPaise: 0, refundFailed: false };
  for (const quote of await endNowQuotes(deps.db, menteeId, deps.now)) {
    if (quote.refundPaise > 0 && quote.earningId) {
      try {
        const { told } = await refundPayment(deps.db, payments, {
          earningId: quote.earningId,
          amountPaise: quote.refundPaise,
          actor: { kind: "account_deletion", deletionId },
          now: deps.now,
        });
        announce(deps, told);
        outcome.refundedPaise += quote.refundPaise;
      } catch (error) {
        console.error(`[${deps.requestId}] refund of subscription ${quote.enrollmentId} of a deleted account refused`, error);
        outcome.refundFailed = true;
        await endAtPeriodClose(deps, menteeId, quote.enrollmentId);
        continue;
      }
    }
    await cancelAtOnce(deps, menteeId, quote.enrollmentId);
  }
  return outcome;
}

/** Today's "Keep it": no more renewals, what was paid runs to its end. */
async function endAtPeriodClose(deps: ServiceDeps, menteeId: string, enrollmentId: string) {
  try {
    await setCancelAtPeriodEnd(deps, paymentsFor(deps), { menteeId, enrollmentId, cancel: true });
  } catch (error) {
    console.error(`[${deps.requestId}] could not end subscription ${enrollmentId} of a deleted account`, error);
  }
}

/** Cancelled at Stripe now (nothing more is charged); the enrollment follows through the usual sync, and the mentor hears of its end. */
async function cancelAtOnce(deps: ServiceDeps, menteeId: string, enrollmentId: string) {
  const [row] = await deps.db
    .select({ subscriptionId: enrollments.stripeSubscriptionId })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.menteeId, menteeId)));
  if (!row?.subscriptionId) return;
  try {
    const cancelled = await paymentsFor(deps).stripe.subscriptions.cancel(row.subscriptionId, { prorate: false });
    const synced = await syncEnrollment(
      deps.db,
      { eventId: `api_${crypto.randomUUID()}`, eventType: "api.cancel_on_deletion", sub: subscriptionState(cancelled) },
      deps.now,
    );
    if (synced.kind === "changed") await tellPeople(deps, synced);
  } catch (error) {
    // Refunded but not cancelled (Stripe unreachable): it at least stops renewing; the erasure's customer deletion ends it.
    console.error(`[${deps.requestId}] could not cancel subscription ${enrollmentId} of a deleted account at once`, error);
    await endAtPeriodClose(deps, menteeId, enrollmentId);
  }
}
