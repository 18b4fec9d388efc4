import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { earnings, payoutAccounts } from "../../db/schema";
import type { Payments } from "../platform/ports/third-parties";
import { type Earning, isDisputed, moneyLeaseFree, netAfter } from "./ledger";

/** Rows per run; the cron runs every minute, so a backlog drains over a few runs. */
const BATCH = 50;

/** After this many failed attempts the cron retries a row once an hour (at minute 0) instead of every minute. */
const HOURLY_AFTER_ATTEMPTS = 5;

const messageOf = (error: unknown) => String((error as { message?: string })?.message ?? error).slice(0, 500);

/**
 * Transfers the held shares (ADR 0024): payments made while the mentor's payout account was not
 * ready were kept whole by the platform; once his account is ready (charges and payouts enabled),
 * each one's `net - reversed` goes to it, one transfer per invoice (`transfer_group` = the invoice).
 *
 * Safe to run twice at once: a run first claims a row by moving its attempt counter from the value
 * it read and stamping its lease (only one run can; a row under another run's lease is left alone,
 * even by a run that read it after the claim), so two runs make one transfer request. The first attempt's
 * idempotency key is `transfer-<invoiceId>`; a later attempt (after a failure Stripe may have
 * remembered under that key) first looks for a transfer already made for the invoice and only then
 * sends `transfer-<invoiceId>-<attempt>`, so a retry never pays twice. One row's failure is stored
 * on it (`last_transfer_error`) and never stops the others.
 */
export async function transferHeldShares(
  db: Db,
  payments: Payments,
  now: Date,
  mentorId?: string,
): Promise<{ transferred: number; failed: number }> {
  const due = await db
    .select({ earning: earnings, account: payoutAccounts.stripeAccountId })
    .from(earnings)
    .innerJoin(payoutAccounts, eq(payoutAccounts.mentorId, earnings.mentorId))
    .where(
      and(
        eq(earnings.route, "held"),
        isNull(earnings.transferId),
        eq(payoutAccounts.chargesEnabled, true),
        eq(payoutAccounts.payoutsEnabled, true),
        or(isNull(earnings.disputeId), eq(earnings.disputeStatus, "won")),
        gt(sql`${earnings.netPaise} - ${earnings.reversedPaise}`, 0),
        mentorId ? eq(earnings.mentorId, mentorId) : undefined,
      ),
    )
    .orderBy(asc(earnings.paidAt))
    .limit(BATCH);

  let transferred = 0;
  let failed = 0;
  for (const { earning, account } of due) {
    // A share Stripe keeps refusing is retried hourly by the cron; a call for one mentor (his account just became ready) always tries.
    if (!mentorId && earning.transferAttempts >= HOURLY_AFTER_ATTEMPTS && now.getUTCMinutes() !== 0) continue;
    const outcome = await transferOne(db, payments, earning, account, now);
    if (outcome === "transferred") transferred++;
    else if (outcome === "failed") failed++;
  }
  return { transferred, failed };
}

async function transferOne(
  db: Db,
  payments: Payments,
  read: Earning,
  destination: string,
  now: Date,
): Promise<"transferred" | "failed" | "skipped"> {
  // Claim: only the run that moves the counter from what it read goes on.
  const [claimed] = await db
    .update(earnings)
    .set({ transferAttempts: read.transferAttempts + 1, transferClaimedAt: now })
    .where(
      and(
        eq(earnings.id, read.id),
        isNull(earnings.transferId),
        eq(earnings.transferAttempts, read.transferAttempts),
        // A row another run, or a moderator's refund, holds is left alone until its lease ends.
        moneyLeaseFree(now),
      ),
    )
    .returning();
  if (!claimed || isDisputed(claimed)) return "skipped";
  const amount = netAfter(claimed);
  if (amount <= 0) return "skipped";
  const attempt = claimed.transferAttempts;
  try {
    let transferId: string | null = null;
    if (attempt > 1) {
      // An earlier attempt may have gone through without us hearing the answer.
      const earlier = await payments.stripe.transfers.list({ transfer_group: claimed.invoiceId, limit: 10 });
      transferId = earlier.data.find((t) => t.metadata?.earningId === claimed.id && !t.metadata?.disputeId)?.id ?? null;
    }
    transferId ??= (
      await payments.stripe.transfers.create(
        {
          amount,
          currency: claimed.currency,
          destination,
          transfer_group: claimed.invoiceId,
          description: "Mentorship payment (your share)",
          metadata: { earningId: claimed.id, invoiceId: claimed.invoiceId, mentorId: claimed.mentorId },
        },
        { idempotencyKey: attempt > 1 ? `transfer-${claimed.invoiceId}-${attempt}` : `transfer-${claimed.invoiceId}` },
      )
    ).id;
    const [done] = await db
      .update(earnings)
      .set({ transferId, transferredAt: now, lastTransferError: null, transferClaimedAt: null })
      .where(and(eq(earnings.id, claimed.id), isNull(earnings.transferId)))
      .returning();
    if (done)
      await settleChangesDuringTransfer(payments, claimed, done, transferId).catch((error: unknown) =>
        console.error(`taking back a change during the transfer of ${claimed.invoiceId} failed`, messageOf(error)),
      );
    return "transferred";
  } catch (error) {
    console.error(`held transfer of ${claimed.invoiceId} failed (attempt ${attempt})`, messageOf(error));
    await db
      .update(earnings)
      .set({ lastTransferError: messageOf(error), transferClaimedAt: null })
      .where(and(eq(earnings.id, claimed.id), isNull(earnings.transferId)));
    return "failed";
  }
}

/**
 * A refund or a dispute recorded while the transfer was on its way saw no transfer to take back
 * from; the transfer carried the share as it was when claimed, so what changed since is taken back now.
 */
async function settleChangesDuringTransfer(payments: Payments, claimed: Earning, done: Earning, transferId: string) {
  if (isDisputed(done) && done.disputeId) {
    await payments.stripe.transfers.createReversal(
      transferId,
      { amount: netAfter(claimed), metadata: { earningId: done.id, disputeId: done.disputeId } },
      { idempotencyKey: `dispute-${done.disputeId}` },
    );
    return;
  }
  const extra = done.reversedPaise - claimed.reversedPaise;
  if (extra > 0) {
    await payments.stripe.transfers.createReversal(
      transferId,
      { amount: extra, metadata: { earningId: done.id, invoiceId: done.invoiceId } },
      { idempotencyKey: `reversal-${done.invoiceId}-${done.reversedPaise}` },
    );
  }
}
