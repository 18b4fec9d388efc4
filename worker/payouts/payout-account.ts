import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { earnings, mentors, payoutAccounts } from "../../db/schema";
import type { PayoutAccountState, PayoutAccountView } from "../../shared/payouts";
import { fail } from "../platform/domain-error";
import type { Payments } from "../platform/ports/third-parties";
import { transferHeldShares } from "./held-transfers";

/**
 * A mentor's Stripe Connect Express account (ADR 0024): onboarding through Stripe's
 * hosted pages, the account's state as read from Stripe (on return from onboarding and on every
 * `account.updated`, never from a return URL), and the link to his Express dashboard.
 */

type AccountRow = typeof payoutAccounts.$inferSelect;

/** Where Stripe sends the mentor back after onboarding (`return`) or when a link has expired (`refresh`). */
export const onboardingReturnUrl = (origin: string) => `${origin}/mentors/earnings?onboarding=return`;
export const onboardingRefreshUrl = (origin: string) => `${origin}/mentors/earnings?onboarding=refresh`;

/** Only an approved mentor who is not blocked may receive payouts. */
async function payableMentor(db: Db, mentorId: string) {
  const mentor = await db.query.mentors.findFirst({
    where: eq(mentors.id, mentorId),
    columns: { id: true, email: true, status: true, isBlocked: true },
  });
  if (!mentor) fail("NOT_FOUND", "Your mentor account was not found. Please sign in again.");
  if (mentor.isBlocked) fail("FORBIDDEN", "Your account is blocked, so it cannot receive payouts.", { blocked: true });
  if (mentor.status !== "approved") fail("FORBIDDEN", "Payouts open once your mentor application has been approved.");
  return mentor;
}

const accountRow = (db: Db, mentorId: string) => db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.mentorId, mentorId) });

/** Stripe's requirement codes due now: `currently_due` and `past_due`, without repeats. */
function dueNow(account: Stripe.Account): string[] {
  const r = account.requirements;
  return [...new Set([...(r?.currently_due ?? []), ...(r?.past_due ?? [])])];
}

/** The row's columns as Stripe's account says them. */
function columnsOf(account: Stripe.Account, now: Date) {
  return {
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    detailsSubmitted: Boolean(account.details_submitted),
    requirementsDue: JSON.stringify(dueNow(account)),
    disabledReason: account.requirements?.disabled_reason ?? null,
    syncedAt: now,
  };
}

const parseDue = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

/** Stripe's reasons for a paused account, in words. */
const PAUSE_REASONS: Record<string, string> = {
  "requirements.past_due": "some details it asked for are overdue",
  "requirements.pending_verification": "it is still checking your details",
  "action_required.requested_capabilities": "it needs more details before it can send you money",
  listed: "your details need a manual check",
  under_review: "your account is under review",
  platform_paused: "MentorLink has paused your account; please contact support",
  other: "it needs more information from you",
};

function pauseReason(reason: string | null, due: string[]): string {
  if (reason?.startsWith("rejected.")) return "Stripe could not accept your account; please contact support";
  if (reason && PAUSE_REASONS[reason]) return PAUSE_REASONS[reason];
  if (due.includes("external_account")) return "your bank details are missing";
  return "some details are missing";
}

/** Pending review: everything is submitted and Stripe is only checking it. */
const CHECKING = new Set(["requirements.pending_verification", "under_review"]);

export function accountState(
  row: Pick<AccountRow, "chargesEnabled" | "payoutsEnabled" | "detailsSubmitted" | "disabledReason" | "requirementsDue"> | null | undefined,
): PayoutAccountState {
  if (!row) return "none";
  if (row.chargesEnabled && row.payoutsEnabled) return "ready";
  if (!row.detailsSubmitted) return "incomplete";
  const due = parseDue(row.requirementsDue);
  if (row.disabledReason && !CHECKING.has(row.disabledReason)) return "restricted";
  if (due.length > 0) return "restricted";
  return "pending_review";
}

/** What the mentor must do next, in plain words; null when the account is ready. */
export function nextStepFor(
  state: PayoutAccountState,
  row: Pick<AccountRow, "disabledReason" | "requirementsDue"> | null | undefined,
): string | null {
  const due = row ? parseDue(row.requirementsDue) : [];
  switch (state) {
    case "none":
      return "Connect a payout account to receive your earnings";
    case "incomplete":
      return due.includes("external_account") ? "Add your bank details to receive payouts" : "Finish your payout details with Stripe";
    case "pending_review":
      return "Stripe is checking your details; this usually takes a few minutes";
    case "restricted":
      return `Stripe paused payouts: ${pauseReason(row?.disabledReason ?? null, due)}. Update your details to resume.`;
    case "ready":
      return null;
  }
}

/** His share of held payments not transferred yet: net less what was taken back (refunds, disputes). */
export async function heldPaiseOf(db: Db, mentorId: string): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(max(${earnings.netPaise} - ${earnings.reversedPaise}, 0)), 0)` })
    .from(earnings)
    .where(and(eq(earnings.mentorId, mentorId), eq(earnings.route, "held"), isNull(earnings.transferId)));
  return Number(row?.held ?? 0);
}

function viewOf(row: AccountRow | null | undefined, heldPaise: number): PayoutAccountView {
  const state = accountState(row);
  return {
    state,
    chargesEnabled: Boolean(row?.chargesEnabled),
    payoutsEnabled: Boolean(row?.payoutsEnabled),
    detailsSubmitted: Boolean(row?.detailsSubmitted),
    requirementsDue: row ? parseDue(row.requirementsDue) : [],
    nextStep: nextStepFor(state, row),
    heldPaise,
  };
}

/** The mentor's payout account as last read from Stripe, what he must do next, and what is held for him. */
export async function accountView(db: Db, mentorId: string): Promise<PayoutAccountView> {
  const [row, held] = await Promise.all([accountRow(db, mentorId), heldPaiseOf(db, mentorId)]);
  return viewOf(row, held);
}

/**
 * Starts (or continues) onboarding: the mentor's Express account is created once (the row, and
 * Stripe's idempotency key per mentor, make two concurrent starts share one account), then a fresh
 * Account Link to Stripe's hosted onboarding. A link is single-use and short-lived, so each start
 * makes a new one (Stripe sends an expired link to `refresh_url`, and the page starts again).
 */
export async function startOnboarding(db: Db, payments: Payments, mentorId: string, origin: string, now: Date): Promise<{ url: string }> {
  const mentor = await payableMentor(db, mentorId);
  let row = await accountRow(db, mentorId);
  if (!row) {
    const account = await payments.stripe.accounts.create(
      {
        type: "express",
        country: "IN",
        email: mentor.email,
        business_type: "individual",
        capabilities: { transfers: { requested: true } },
        metadata: { mentorId },
      },
      { idempotencyKey: `account-${mentorId}` },
    );
    await db
      .insert(payoutAccounts)
      .values({ mentorId, stripeAccountId: account.id, ...columnsOf(account, now) })
      .onConflictDoNothing();
    row = await accountRow(db, mentorId);
    if (!row) fail("CONFLICT", "Your payout account changed meanwhile. Please try again.");
  }
  // No idempotency key: an Account Link moves no money, and a repeated key would hand back an expired link.
  const link = await payments.stripe.accountLinks.create({
    account: row.stripeAccountId,
    type: "account_onboarding",
    return_url: onboardingReturnUrl(origin),
    refresh_url: onboardingRefreshUrl(origin),
  });
  return { url: link.url };
}

/**
 * Brings the row in line with Stripe's account as read now (upsert by the Stripe account id), with
 * `alsoWrite` (the Connect event's processed-event row) in the same batch. The row's state before
 * the write is read inside that batch (one transaction), so of two concurrent syncs only one sees
 * the account become ready. Returns whether it just became ready, and whose account it is (null:
 * not one of ours).
 */
export async function syncAccountWith(
  db: Db,
  account: Stripe.Account,
  now: Date,
  alsoWrite: BatchItem<"sqlite">[] = [],
): Promise<{ mentorId: string | null; becameReady: boolean }> {
  const existing = await db.query.payoutAccounts.findFirst({
    where: eq(payoutAccounts.stripeAccountId, account.id),
    columns: { mentorId: true },
  });
  let mentorId = existing?.mentorId ?? null;
  if (!mentorId) {
    // Not in our table yet (our insert after creating it failed): Stripe's metadata names the mentor.
    const named = account.metadata?.mentorId;
    const mentor = named ? await db.query.mentors.findFirst({ where: eq(mentors.id, named), columns: { id: true } }) : undefined;
    const other = mentor ? await accountRow(db, mentor.id) : undefined;
    // A mentor keeps the one account he has; an account of no mentor of ours is not ours.
    if (mentor && !other) mentorId = mentor.id;
  }
  if (!mentorId) {
    if (alsoWrite.length > 0) await db.batch(alsoWrite as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { mentorId: null, becameReady: false };
  }
  const columns = columnsOf(account, now);
  const prior = db
    .select({ ready: sql<number>`${payoutAccounts.chargesEnabled} and ${payoutAccounts.payoutsEnabled}` })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, account.id));
  const upsert = db
    .insert(payoutAccounts)
    .values({ mentorId, stripeAccountId: account.id, ...columns })
    .onConflictDoUpdate({ target: payoutAccounts.stripeAccountId, set: columns })
    .returning({ chargesEnabled: payoutAccounts.chargesEnabled, payoutsEnabled: payoutAccounts.payoutsEnabled });
  const results = await db.batch([...alsoWrite, prior, upsert] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const before = results[alsoWrite.length] as { ready: number }[];
  const after = results[alsoWrite.length + 1] as { chargesEnabled: boolean; payoutsEnabled: boolean }[];
  const wasReady = Boolean(before[0]?.ready);
  const isReady = Boolean(after[0]?.chargesEnabled && after[0]?.payoutsEnabled);
  return { mentorId, becameReady: isReady && !wasReady };
}

/** Upserts the row by its Stripe account id from the account as Stripe has it; returns whether it just became ready. */
export async function syncAccount(db: Db, account: Stripe.Account, now: Date): Promise<boolean> {
  return (await syncAccountWith(db, account, now)).becameReady;
}

/**
 * After onboarding (the return URL) or on demand: reads the account from Stripe and syncs the row.
 * The return URL itself proves nothing. If this read is the one that finds the account ready, the
 * shares held for him are transferred now (the cron would otherwise do it within a minute).
 */
export async function refreshAccount(db: Db, payments: Payments, mentorId: string, now: Date): Promise<PayoutAccountView> {
  await payableMentor(db, mentorId);
  const row = await accountRow(db, mentorId);
  if (!row) return accountView(db, mentorId);
  const account = await payments.stripe.accounts.retrieve(row.stripeAccountId);
  const becameReady = await syncAccount(db, account, now);
  if (becameReady)
    await transferHeldShares(db, payments, now, mentorId).catch((error: unknown) =>
      console.error("held shares not transferred yet (the cron retries)", error),
    );
  return accountView(db, mentorId);
}

/** A one-time link into the mentor's Express dashboard (balance, payouts, bank details): once his details are submitted. */
export async function dashboardLink(db: Db, payments: Payments, mentorId: string): Promise<{ url: string }> {
  await payableMentor(db, mentorId);
  const row = await accountRow(db, mentorId);
  if (!row) fail("UNPROCESSABLE_CONTENT", "Connect a payout account first; its Stripe dashboard opens once your details are submitted.");
  if (!row.detailsSubmitted)
    fail("UNPROCESSABLE_CONTENT", "Finish your payout details with Stripe first; the dashboard opens once they are submitted.");
  const link = await payments.stripe.accounts.createLoginLink(row.stripeAccountId);
  return { url: link.url };
}
