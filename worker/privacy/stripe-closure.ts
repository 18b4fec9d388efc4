import { and, eq, isNull, sql } from "drizzle-orm";
import { earnings, enrollments, mentees, payoutAccounts } from "../../db/schema";
import type { ServiceDeps } from "../platform/deps";
import { callStripe, paymentsFor } from "../platform/ports/stripe-client";
import type { Member } from "./account-deletion";

/**
 * At erasure (ADR 0042): a mentee's Stripe customer is deleted (Stripe then cancels anything still running on it, so
 * nothing is charged after she is gone), and a mentor's connected account is closed once nothing is owed to him:
 * while a held share still waits for its transfer the account stays open, so the background work can pay it out.
 * The payment records themselves stay, pseudonymised, for the legal retention period (worker/privacy/retention.ts).
 * A failure is logged and leaves the rest of the erasure to go on: the records hold nothing that names her.
 */
export async function closeStripeRecords(deps: ServiceDeps, person: Member): Promise<void> {
  const { db } = deps;
  const { stripe } = paymentsFor(deps);
  try {
    if (person.role === "mentee") {
      const customers = new Set<string>();
      const [own] = await db.select({ id: mentees.stripeCustomerId }).from(mentees).where(eq(mentees.id, person.id));
      if (own?.id) customers.add(own.id);
      for (const e of await db
        .selectDistinct({ id: enrollments.stripeCustomerId })
        .from(enrollments)
        .where(eq(enrollments.menteeId, person.id)))
        if (e.id) customers.add(e.id);
      for (const customer of customers) await callStripe("delete customer", () => stripe.customers.del(customer));
      return;
    }
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, person.id));
    if (!account) return;
    const [owed] = await db
      .select({ count: sql<number>`count(*)` })
      .from(earnings)
      .where(and(eq(earnings.mentorId, person.id), eq(earnings.route, "held"), isNull(earnings.transferId)));
    if (Number(owed?.count ?? 0) > 0) return;
    await callStripe("close connected account", () => stripe.accounts.del(account.stripeAccountId));
    await db
      .update(payoutAccounts)
      .set({ chargesEnabled: false, payoutsEnabled: false, disabledReason: "account_closed", syncedAt: deps.now })
      .where(eq(payoutAccounts.mentorId, person.id));
  } catch (error) {
    console.error(`[${deps.requestId}] could not close the Stripe records of a deleted account`, error);
  }
}
