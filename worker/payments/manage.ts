import { and, eq } from "drizzle-orm";
import { enrollments, mentors } from "../../db/schema";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { callStripe } from "../platform/ports/stripe-client";
import type { Payments } from "../platform/ports/third-parties";
import { rowGrantsAccess } from "./enrollment-status";
import { subscriptionState, syncEnrollment } from "./subscription-sync";
import { tellPeople } from "./webhook";

/**
 * Cancel at period end, or resume before then, through Stripe. The enrollment follows Stripe's
 * answer through the same state sync as the webhook (whose later event then changes nothing).
 */
export async function setCancelAtPeriodEnd(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  payments: Payments,
  { menteeId, enrollmentId, cancel }: { menteeId: string; enrollmentId: string; cancel: boolean },
) {
  const { db } = deps;
  const row = await db.query.enrollments.findFirst({ where: and(eq(enrollments.id, enrollmentId), eq(enrollments.menteeId, menteeId)) });
  if (!row) fail("NOT_FOUND", "This subscription was not found.");
  if (!rowGrantsAccess(row, deps.now) || !row.stripeSubscriptionId) fail("CONFLICT", "This subscription has already ended.");
  if (row.cancelAtPeriodEnd === cancel) return row;
  if (!cancel) {
    const mentor = await db.query.mentors.findFirst({ where: eq(mentors.id, row.mentorId), columns: { isBlocked: true } });
    if (mentor?.isBlocked)
      fail(
        "UNPROCESSABLE_CONTENT",
        "This mentor is no longer available, so the subscription cannot be renewed. It ends at the end of the paid period.",
      );
  }
  const sub = await callStripe(cancel ? "cancel at period end" : "resume", () =>
    payments.stripe.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: cancel }),
  );
  const outcome = await syncEnrollment(
    db,
    { eventId: `api_${crypto.randomUUID()}`, eventType: cancel ? "api.cancel_at_period_end" : "api.resume", sub: subscriptionState(sub) },
    deps.now,
  );
  if (outcome.kind === "changed") await tellPeople(deps, outcome);
  return (await db.query.enrollments.findFirst({ where: eq(enrollments.id, row.id) }))!;
}
