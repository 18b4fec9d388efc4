import { type AnyColumn, and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions, enrollments, mentees, payoutAccounts } from "../../db/schema";
import type { ServiceDeps } from "../platform/deps";
import { callStripe, paymentsFor } from "../platform/ports/stripe-client";
import type { Member } from "./account-deletion";

/**
 * At erasure (ADR 0042): a mentee's Stripe customer is deleted (Stripe then cancels anything still running on it, so
 * nothing is charged after she is gone), and a mentor's connected account is closed once nothing is owed to him:
 * while a held share still waits for its transfer the account stays open, so the background work can pay it out,
 * and the same background work closes it on a later run once that share is paid (`closeAccountsNoLongerOwed`).
 * The payment records themselves stay, pseudonymised, for the legal retention period (worker/privacy/retention.ts).
 * A failure is logged and leaves the rest of the erasure to go on: the records hold nothing that names her.
 */
/** What the erasure will close at Stripe, read before her row is pseudonymised (it drops her customer id). */
export type StripeRecords = { customers: string[]; connectedAccount: string | null };

/** The closure's mark on his payout account: the account is closed at Stripe and nothing more is tried. */
const CLOSED = "account_closed";

/**
 * In SQL: a held share of the mentor (`mentorId`) still waits for its transfer, as the cron's transfer could still
 * pay it: not transferred, something left after refunds, and not lost to a dispute.
 */
const shareOwedTo = (mentorId: SQL | AnyColumn | string) =>
  sql`exists (select 1 from earnings e where e.mentor_id = ${mentorId} and e.route = 'held' and e.transfer_id is null
    and e.net_paise - e.reversed_paise > 0 and (e.dispute_id is null or e.dispute_status <> 'lost'))`;

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
  const { stripe } = paymentsFor(deps);
  try {
    for (const customer of records.customers) await callStripe("delete customer", () => stripe.customers.del(customer));
    if (records.connectedAccount) await closeIfNothingOwed(deps, person.id, records.connectedAccount);
  } catch (error) {
    console.error(`[${deps.requestId}] could not close the Stripe records of a deleted account`, error);
  }
}

/**
 * Closes the erased mentor's connected account unless a held share still waits for it; true when it is closed. Safe
 * to run twice: an account Stripe already closed (`resource_missing`) is marked closed as one closed now.
 */
async function closeIfNothingOwed(deps: ServiceDeps, mentorId: string, accountId: string): Promise<boolean> {
  const { db } = deps;
  const [owed] = await db.all<{ owed: number }>(sql`select ${shareOwedTo(mentorId)} as owed`);
  if (Number(owed?.owed ?? 0) > 0) return false;
  const { stripe } = paymentsFor(deps);
  try {
    await stripe.accounts.del(accountId);
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") return callStripe("close connected account", () => Promise.reject(error));
  }
  await db
    .update(payoutAccounts)
    .set({ chargesEnabled: false, payoutsEnabled: false, disabledReason: CLOSED, syncedAt: deps.now })
    .where(eq(payoutAccounts.mentorId, mentorId));
  return true;
}

/** Accounts tried per run: each is one Stripe call; the rest wait for the next minute. */
const CLOSE_BATCH = 5;

/**
 * The background work's second look (ADR 0042): an erased mentor's connected account left open because a held share
 * was still owed is closed on the first run after that share is paid out (or refunded, or lost to a dispute). One
 * account's failure is logged and tried again next run; the others go on.
 */
export async function closeAccountsNoLongerOwed(deps: ServiceDeps): Promise<{ closed: number }> {
  const open = await deps.db
    .select({ mentorId: payoutAccounts.mentorId, accountId: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .innerJoin(
      accountDeletions,
      and(
        eq(accountDeletions.userRole, "mentor"),
        eq(accountDeletions.userId, payoutAccounts.mentorId),
        eq(accountDeletions.state, "erased"),
      ),
    )
    .where(
      and(
        or(isNull(payoutAccounts.disabledReason), ne(payoutAccounts.disabledReason, CLOSED)),
        sql`not ${shareOwedTo(payoutAccounts.mentorId)}`,
      ),
    )
    .limit(CLOSE_BATCH);
  let closed = 0;
  for (const { mentorId, accountId } of open) {
    try {
      if (await closeIfNothingOwed(deps, mentorId, accountId)) closed++;
    } catch (error) {
      console.error(`[${deps.requestId}] could not close the connected account of an erased mentor`, error);
    }
  }
  return { closed };
}
