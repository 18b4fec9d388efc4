import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { enrollments, mentors } from "../../db/schema";
import { monthlyPricePaise } from "../../shared/plan";

export type MentorPrice = { priceId: string; amountPaise: number };

type MentorRow = Pick<
  typeof mentors.$inferSelect,
  "id" | "firstName" | "lastName" | "hourlyRatePaise" | "stripeProductId" | "stripePriceId" | "stripePriceAmountPaise"
>;

/**
 * The mentor's current recurring Price: 4 x the hourly rate, INR, monthly. Made on the first checkout
 * after approval, and again right after a rate change (`refreshMentorPrice`), when the old Price is
 * archived and the renewing subscribers move to the new one from their next renewal
 * (`moveSubscribersToPrice`). Idempotency keys make concurrent calls share one Product and one Price.
 */
export async function ensureMentorPrice(db: Db, stripe: Stripe, mentor: MentorRow): Promise<MentorPrice> {
  const amountPaise = monthlyPricePaise(mentor.hourlyRatePaise);
  if (mentor.stripePriceId && mentor.stripePriceAmountPaise === amountPaise) return { priceId: mentor.stripePriceId, amountPaise };

  let productId = mentor.stripeProductId;
  if (!productId) {
    const product = await stripe.products.create(
      {
        name: `Mentorship with ${mentor.firstName} ${mentor.lastName}`,
        description: "4 one-hour calls a month, unlimited Q&A via chat",
        metadata: { mentorId: mentor.id },
      },
      { idempotencyKey: `product-${mentor.id}` },
    );
    productId = product.id;
    await db
      .update(mentors)
      .set({ stripeProductId: productId })
      .where(and(eq(mentors.id, mentor.id), isNull(mentors.stripeProductId)));
    const [stored] = await db.select({ productId: mentors.stripeProductId }).from(mentors).where(eq(mentors.id, mentor.id));
    productId = stored?.productId ?? productId;
  }

  const price = await stripe.prices.create(
    { product: productId, currency: "inr", unit_amount: amountPaise, recurring: { interval: "month" }, metadata: { mentorId: mentor.id } },
    { idempotencyKey: `price-${mentor.id}-${amountPaise}-${mentor.stripePriceId ?? "first"}` },
  );
  // Only the request that still saw the old Price replaces it (a concurrent one made the same Price).
  const previous = mentor.stripePriceId;
  const replaced = await db
    .update(mentors)
    .set({ stripePriceId: price.id, stripePriceAmountPaise: amountPaise })
    .where(and(eq(mentors.id, mentor.id), previous ? eq(mentors.stripePriceId, previous) : isNull(mentors.stripePriceId)))
    .returning({ id: mentors.id });
  if (replaced.length && previous && previous !== price.id) {
    await stripe.prices
      .update(previous, { active: false })
      .catch((error: unknown) => console.error("archiving the old price failed", previous, error));
    await moveSubscribersToPrice(db, stripe, mentor.id, price.id);
  }
  return { priceId: price.id, amountPaise };
}

/**
 * After a mentor changes his rate: makes the new Price and archives the old one at once, so
 * `stripePriceId` is current before anyone checks out. Runs after the response; a failure is only
 * logged, because the next checkout makes the Price anyway.
 */
export async function refreshMentorPrice(db: Db, stripe: Stripe, mentorId: string): Promise<void> {
  try {
    const mentor = await db.query.mentors.findFirst({ where: eq(mentors.id, mentorId) });
    if (mentor?.status !== "approved" || mentor.isBlocked) return;
    await ensureMentorPrice(db, stripe, mentor);
  } catch (error) {
    console.error("refreshing the mentor's price failed", mentorId, error);
  }
}

/**
 * Existing subscribers keep the price they paid for the current period and pay the new one from
 * their next renewal: each renewing subscription's item moves to the new Price without proration
 * (Stripe bills the next invoice at the new amount). The webhook's `customer.subscription.updated`
 * then records the new price on the enrollment. Subscriptions that end at period end are left alone.
 */
export async function moveSubscribersToPrice(db: Db, stripe: Stripe, mentorId: string, priceId: string): Promise<void> {
  const renewing = await db
    .select({ subscriptionId: enrollments.stripeSubscriptionId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.mentorId, mentorId),
        eq(enrollments.status, "active"),
        eq(enrollments.cancelAtPeriodEnd, false),
        isNotNull(enrollments.stripeSubscriptionId),
      ),
    );
  for (const { subscriptionId } of renewing) {
    try {
      const sub = await stripe.subscriptions.retrieve(subscriptionId!);
      const item = sub.items.data[0];
      if (!item || item.price.id === priceId || sub.status === "canceled") continue;
      await stripe.subscriptions.update(
        subscriptionId!,
        { items: [{ id: item.id, price: priceId }], proration_behavior: "none" },
        { idempotencyKey: `move-${subscriptionId}-${priceId}` },
      );
    } catch (error) {
      console.error("moving a subscriber to the new price failed", subscriptionId, error);
    }
  }
}
