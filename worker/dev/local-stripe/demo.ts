import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { enrollments, mentees, mentors } from "../../../db/schema";
import { DEMO_SUBSCRIPTION_ID } from "../../../db/seed";
import { secondsOf } from "./lifecycle";
import { ensureLocalStripeStore, getObject, localStripeObjects } from "./store";

const DEMO_PRODUCT_ID = "prod_demo_asha";

/**
 * The demo subscription's objects in the local Stripe (ADR 0010), so the development lifecycle page
 * can renew or end it. They are drawn from the seeded enrollment (db/seed.ts), which names the
 * subscription, customer and price ids. Idempotent: once the subscription exists here (even if
 * later canceled on the development page), a second run changes nothing.
 */
export async function seedLocalStripeDemo(db: Db): Promise<void> {
  await ensureLocalStripeStore(db);
  if (await getObject(db, DEMO_SUBSCRIPTION_ID)) return;
  const [demo] = await db
    .select({ enrollment: enrollments, mentee: mentees, mentor: mentors })
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
    .where(eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION_ID));
  if (!demo) return;
  const { enrollment, mentee, mentor } = demo;
  const {
    menteeId,
    mentorId,
    stripeCustomerId: customerId,
    stripePriceId: priceId,
    currentPeriodStart: start,
    currentPeriodEnd: end,
  } = enrollment;
  if (!customerId || !priceId || !start || !end) return;
  const productName = `Mentorship with ${mentor.firstName} ${mentor.lastName}`;
  const price = {
    id: priceId,
    object: "price",
    product: DEMO_PRODUCT_ID,
    currency: "inr",
    unit_amount: enrollment.amountPaise,
    recurring: { interval: "month", interval_count: 1 },
    active: true,
    metadata: { mentorId },
  };
  const subscription = {
    id: DEMO_SUBSCRIPTION_ID,
    object: "subscription",
    status: "active",
    customer: customerId,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    metadata: { enrollmentId: enrollment.id, menteeId, mentorId },
    items: {
      object: "list",
      data: [
        {
          id: "si_demo_priya_asha",
          object: "subscription_item",
          price,
          quantity: 1,
          current_period_start: secondsOf(start),
          current_period_end: secondsOf(end),
        },
      ],
    },
    latest_invoice: null,
    product_name: productName,
    customer_email: mentee.email,
    // She subscribed a month or more before the current period began (it was renewed since).
    created: secondsOf(enrollment.activatedAt ?? start),
    livemode: false,
  };
  const objects = [
    { id: customerId, object: "customer", email: mentee.email, name: `${mentee.firstName} ${mentee.lastName}`, metadata: { menteeId } },
    { id: DEMO_PRODUCT_ID, object: "product", name: productName, active: true, metadata: { mentorId } },
    price,
    subscription,
  ];
  await db
    .insert(localStripeObjects)
    .values(objects.map((o) => ({ id: o.id, type: o.object, data: JSON.stringify(o), createdAt: start })))
    .onConflictDoNothing();
}
