import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions, type enrollments } from "../../db/schema";
import { setCancelAtPeriodEnd } from "../payments/manage";
import { subscriptionState, syncEnrollment } from "../payments/subscription-sync";
import type { ServiceDeps } from "../platform/deps";
import type { Payments } from "../platform/ports/third-parties";

type Enrollment = typeof enrollments.$inferSelect;

/** Where a subscription's people stand with deleting their accounts: one of them leaving (in the grace period), or erased. */
export type DeletionStanding = "leaving" | "erased" | null;

/** The standing of the enrollment's mentee and mentor: erased when either is, else leaving when either asked. */
export async function deletionStandingOf(db: Db, enrollment: Pick<Enrollment, "menteeId" | "mentorId">): Promise<DeletionStanding> {
  const rows = await db
    .select({ state: accountDeletions.state })
    .from(accountDeletions)
    .where(
      and(
        or(
          and(eq(accountDeletions.userRole, "mentee"), eq(accountDeletions.userId, enrollment.menteeId)),
          and(eq(accountDeletions.userRole, "mentor"), eq(accountDeletions.userId, enrollment.mentorId)),
        ),
        inArray(accountDeletions.state, ["pending", "paused", "erased"]),
      ),
    );
  if (rows.some((r) => r.state === "erased")) return "erased";
  return rows.length > 0 ? "leaving" : null;
}

/**
 * A checkout opened before a deletion was asked for can be paid after it (ADR 0042). Paid in the grace period: the
 * payment is kept and the subscription is set to end at the period's close, as the request set every other (a
 * sign-in that restores the account may resume it). Paid after the erasure: nobody is left to use it, so it is
 * cancelled at once (Stripe charges nothing more) and its payment stays in the books, naming only ids, as every
 * payment record of an erased account does. Run by the webhook after the activation committed.
 */
export async function endSubscriptionPaidWhileLeaving(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  payments: Payments,
  enrollment: Enrollment,
  standing: Exclude<DeletionStanding, null>,
): Promise<void> {
  // The event is recorded as handled already (a retry would find it done): a failure here is logged, and the erasure
  // still ends the subscription when it deletes her Stripe customer.
  try {
    await endSubscription(deps, payments, enrollment, standing);
  } catch (error) {
    console.error(`could not end subscription ${enrollment.id} paid while an account was being deleted`, error);
  }
}

async function endSubscription(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  payments: Payments,
  enrollment: Enrollment,
  standing: Exclude<DeletionStanding, null>,
) {
  if (standing === "leaving") {
    await setCancelAtPeriodEnd(deps, payments, { menteeId: enrollment.menteeId, enrollmentId: enrollment.id, cancel: true });
    return;
  }
  if (!enrollment.stripeSubscriptionId) return;
  let cancelled: Awaited<ReturnType<Payments["stripe"]["subscriptions"]["cancel"]>>;
  try {
    cancelled = await payments.stripe.subscriptions.cancel(enrollment.stripeSubscriptionId, { prorate: false });
  } catch (error) {
    // Already cancelled (her customer's deletion ended it): its own webhook ends the enrollment.
    if ((error as { code?: string }).code === "resource_missing") return;
    throw error;
  }
  // Nobody is told: the mentee is gone, and the mentor never had this subscriber.
  await syncEnrollment(
    deps.db,
    { eventId: `api_${crypto.randomUUID()}`, eventType: "api.cancel_after_erasure", sub: subscriptionState(cancelled) },
    deps.now,
  );
}
