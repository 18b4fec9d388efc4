import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, moderatorRow } from "../../db/factories";
import { enrollments, moderators } from "../../db/schema";
import { ensureLocalStripeStore, localStripeObjects } from "../../worker/dev/local-stripe/store";
import { accessTokenFor, quickPasswordHash, testDb, uniqueEmail } from "./accounts";

const DAY = 24 * 60 * 60 * 1000;

/** A moderator made for one test (never the demo moderator when the test changes it). */
export async function createModerator(overrides: Partial<typeof moderators.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(moderators)
    .values(moderatorRow({ email: uniqueEmail("moderator"), passwordHash: quickPasswordHash(DEMO_PASSWORD), ...overrides }))
    .returning();
  return { ...row, token: await accessTokenFor("moderator", row.id) };
}

/** A past or current subscription between two test accounts, without Stripe (ticket eligibility, statistics). */
export async function createEnrollment(menteeId: string, mentorId: string, values: Partial<typeof enrollments.$inferInsert> = {}) {
  const start = values.activatedAt ?? new Date(Date.now() - 5 * DAY);
  const [row] = await testDb()
    .insert(enrollments)
    .values({
      menteeId,
      mentorId,
      status: "active",
      amountPaise: 600_000,
      activatedAt: start,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
      createdAt: start,
      ...values,
    })
    .returning();
  return row;
}

/**
 * An active subscription paid through the built-in local Stripe (ADR 0010): the enrollment and its
 * subscription object, as the seed makes the demo one, so the Worker's payments code can change it.
 */
export async function createPaidSubscription(menteeId: string, mentorId: string) {
  const db = testDb();
  const tag = crypto.randomUUID().slice(0, 8);
  const start = new Date(Date.now() - 3 * DAY);
  const end = new Date(start.getTime() + 30 * DAY);
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const enrollmentId = crypto.randomUUID();
  const ids = { customer: `cus_t_${tag}`, product: `prod_t_${tag}`, price: `price_t_${tag}`, subscription: `sub_t_${tag}` };
  const price = {
    id: ids.price,
    object: "price",
    product: ids.product,
    currency: "inr",
    unit_amount: 600_000,
    recurring: { interval: "month", interval_count: 1 },
    active: true,
    metadata: { mentorId },
  };
  const subscription = {
    id: ids.subscription,
    object: "subscription",
    status: "active",
    customer: ids.customer,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    metadata: { enrollmentId, menteeId, mentorId },
    items: {
      object: "list",
      data: [
        {
          id: `si_t_${tag}`,
          object: "subscription_item",
          price,
          quantity: 1,
          current_period_start: seconds(start),
          current_period_end: seconds(end),
        },
      ],
    },
    latest_invoice: null,
    created: seconds(start),
    livemode: false,
  };
  await ensureLocalStripeStore(db);
  const local = [
    { id: ids.customer, object: "customer", metadata: { menteeId } },
    { id: ids.product, object: "product", name: "Mentorship", active: true, metadata: { mentorId } },
    price,
    subscription,
  ];
  await db.batch([
    db.insert(enrollments).values({
      id: enrollmentId,
      menteeId,
      mentorId,
      status: "active",
      amountPaise: 600_000,
      stripeSubscriptionId: ids.subscription,
      stripeCustomerId: ids.customer,
      stripePriceId: ids.price,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      activatedAt: start,
      createdAt: start,
    }),
    db.insert(localStripeObjects).values(local.map((o) => ({ id: o.id, type: o.object, data: JSON.stringify(o), createdAt: start }))),
  ]);
  return enrollmentId;
}

export const enrollmentById = async (id: string) => (await testDb().select().from(enrollments).where(eq(enrollments.id, id)))[0];

/** Pages through the moderators' tickets until the attendance dispute's card is there (open tickets of other tests may come first). */
export async function findDisputeTicket(page: Page, label: string) {
  const card = page.locator(`[aria-label="${label}"]`).filter({ hasText: "Attendance dispute" });
  for (let i = 0; i < 20; i++) {
    await page.getByText(/^\d+ open · \d+ in all$/).waitFor();
    if (await card.count()) return card;
    const next = page.getByRole("button", { name: "Next page" });
    if (!(await next.count()) || (await next.getAttribute("aria-disabled")) === "true") break;
    await next.click();
  }
  throw new Error(`no ticket "${label}"`);
}
