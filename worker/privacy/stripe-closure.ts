import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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
/** What the erasure will close at Stripe, read before her row is pseudonymised (it drops her customer id). */
export type StripeRecords = { customers: string[]; connectedAccount: string | null };

export async function stripeRecordsOf(db: Db, person: Member): Promise<StripeRecords> {
  if (person.role === "mentee") {
    const [own] = await db.select({ id: mentees.stripeCustomerId }).from(mentees).where(eq(mentees.id, person.id));
    const used = await db.selectDistinct({ id: enrollments.stripeCustomerId }).from(enrollments).where(eq(enrollments.menteeId, person.id));
    const customers = new Set([own?.id, ...used.map((e) => e.id)].filter((id): id is string => Boolean(id)));
    return { customers: [...customers], connectedAccount: null };
  }
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, person.id));
  return { customers: [], connectedAccount: account?.stripeAccountId ?? null };
}

/**
 * Closes them once her rows are pseudonymised, so a webhook the closure causes (a subscription ended) finds only her
 * pseudonym to name in the notices it writes.
 */
export async function closeStripeRecords(deps: ServiceDeps, person: Member, records: StripeRecords): Promise<void> {
  const { db } = deps;
  const { stripe } = paymentsFor(deps);
  try {
    for (const customer of records.customers) await callStripe("delete customer", () => stripe.customers.del(customer));
    if (!records.connectedAccount) return;
    const [owed] = await db
      .select({ count: sql<number>`count(*)` })
      .from(earnings)
      .where(and(eq(earnings.mentorId, person.id), eq(earnings.route, "held"), isNull(earnings.transferId)));
    if (Number(owed?.count ?? 0) > 0) return;
    const accountId = records.connectedAccount;
    await callStripe("close connected account", () => stripe.accounts.del(accountId));
    await db
      .update(payoutAccounts)
      .set({ chargesEnabled: false, payoutsEnabled: false, disabledReason: "account_closed", syncedAt: deps.now })
      .where(eq(payoutAccounts.mentorId, person.id));
  } catch (error) {
    console.error(`[${deps.requestId}] could not close the Stripe records of a deleted account`, error);
  }
}
