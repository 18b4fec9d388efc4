import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { mentors, type PayoutStatus, payoutAccounts, payouts, processedPaymentEvents } from "../../db/schema";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { formatAmount } from "../mail/account-mails";
import { mailInsertWhen } from "../mail/mail";
import { payoutMail } from "../mail/money-mails";
import { notificationWrite, notify, type Told } from "../notifications/notifications";
import { alreadyProcessed, isDuplicateEvent, recordEvent } from "../payments/subscription-sync";
import type { ServiceDeps } from "../platform/deps";
import { mailLocale } from "../platform/i18n";
import type { Payments } from "../platform/ports/third-parties";
import type { Recipient } from "../realtime/push";
import { transferHeldShares } from "./held-transfers";
import { syncAccountWith } from "./payout-account";
import { announce } from "./refund-notices";

/**
 * Stripe Connect events about mentors' accounts (ADR 0024): `account.updated` and the
 * payouts from their balances to their banks. Each object is read again from Stripe, so the order
 * events arrive in does not matter; the change and the processed-event row commit in one batch, so
 * a redelivery changes nothing.
 */
export type ConnectOutcome =
  | { kind: "duplicate-event" | "unchanged" | "unknown" }
  | { kind: "account"; mentorId: string; becameReady: boolean }
  | {
      kind: "payout";
      mentorId: string;
      payoutId: string;
      amountPaise: number;
      currency: string;
      status: PayoutStatus;
      failureMessage: string | null;
      changed: boolean;
      /** The bell entry its batch wrote (a payout paid or failed), to push after the commit. */
      told?: Told;
    };

const PAYOUT_EVENTS = new Set(["payout.created", "payout.updated", "payout.paid", "payout.failed", "payout.canceled"]);

/** A payout's status only moves forward: pending → in_transit → paid | failed | canceled (a paid payout may still fail: the bank returned it). */
const STATUS_RANK: Record<PayoutStatus, number> = { pending: 0, in_transit: 1, paid: 2, failed: 3, canceled: 3 };
const rankSql = (column: unknown) =>
  sql`(case ${column} when 'pending' then 0 when 'in_transit' then 1 when 'paid' then 2 when 'failed' then 3 when 'canceled' then 3 else 0 end)`;

const markProcessed = (db: Db, eventId: string, type: string) => db.insert(processedPaymentEvents).values({ eventId, type });

const asStatus = (status: string): PayoutStatus => (status in STATUS_RANK ? (status as PayoutStatus) : "pending");

export async function handleConnectEvent(db: Db, payments: Payments, event: Stripe.Event, now: Date): Promise<ConnectOutcome> {
  if (await alreadyProcessed(db, event.id)) return { kind: "duplicate-event" };
  const processed = markProcessed(db, event.id, event.type);
  try {
    if (event.type === "account.updated") {
      const account = await payments.stripe.accounts.retrieve(event.data.object.id);
      const { mentorId, becameReady } = await syncAccountWith(db, account, now, [processed]);
      return mentorId ? { kind: "account", mentorId, becameReady } : { kind: "unknown" };
    }
    if (PAYOUT_EVENTS.has(event.type) && event.account) {
      return await syncPayout(db, payments, event, (event.data.object as Stripe.Payout).id, event.account, now, processed);
    }
  } catch (error) {
    if (isDuplicateEvent(error)) return { kind: "duplicate-event" };
    throw error;
  }
  await recordEvent(db, event.id, event.type);
  return { kind: "unchanged" };
}

async function syncPayout(
  db: Db,
  payments: Payments,
  event: Stripe.Event,
  payoutId: string,
  accountId: string,
  now: Date,
  processed: ReturnType<typeof markProcessed>,
): Promise<ConnectOutcome> {
  const [owner] = await db
    .select({
      mentorId: payoutAccounts.mentorId,
      email: mentors.email,
      first: mentors.firstName,
      zone: mentors.timeZone,
      locale: mentors.locale,
    })
    .from(payoutAccounts)
    .innerJoin(mentors, eq(mentors.id, payoutAccounts.mentorId))
    .where(eq(payoutAccounts.stripeAccountId, accountId));
  if (!owner) {
    await recordEvent(db, event.id, event.type);
    return { kind: "unknown" };
  }
  const payout = await payments.stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId });
  const status = asStatus(payout.status);
  const values = {
    amountPaise: payout.amount,
    currency: payout.currency || "inr",
    status,
    arrivalDate: new Date(payout.arrival_date * 1000),
    failureMessage: payout.failure_message ?? null,
    updatedAt: now,
  };
  const prior = db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payout.id));
  const upsert = db
    .insert(payouts)
    .values({ id: payout.id, mentorId: owner.mentorId, stripeAccountId: accountId, ...values })
    .onConflictDoUpdate({ target: payouts.id, set: values, setWhere: sql`${rankSql(payouts.status)} <= ${rankSql(sql`excluded.status`)}` })
    .returning({ status: payouts.status });
  // Paid or failed: the mentor hears it in his bell and by mail, written with the change (ADR 0011) and only
  // when this event moves the payout there (its status is not that yet, nor past it): one notice per change.
  const notice =
    status === "paid" || status === "failed"
      ? payoutNoticeWrites(db, { ...owner, mentorId: owner.mentorId }, { payoutId: payout.id, ...values, status }, now)
      : null;
  const [, before, ...rest] = await db.batch([processed, prior, ...(notice?.writes ?? []), upsert]);
  const after = rest[rest.length - 1] as { status: PayoutStatus }[];
  const written = after[0];
  const changed = Boolean(written) && before[0]?.status !== written.status;
  return {
    kind: "payout",
    mentorId: owner.mentorId,
    payoutId: payout.id,
    amountPaise: payout.amount,
    currency: values.currency,
    status: written?.status ?? before[0]?.status ?? status,
    failureMessage: values.failureMessage,
    changed,
    told: changed && notice && written?.status === status ? notice.told : undefined,
  };
}

/** The mentor's notice for a change, or null. */
export function connectNotice(outcome: ConnectOutcome): string | null {
  if (outcome.kind === "account")
    return outcome.becameReady ? "Your payout account is ready. Your earnings now go straight to your bank account through Stripe." : null;
  if (outcome.kind !== "payout" || !outcome.changed) return null;
  const amount = formatAmount(outcome.amountPaise, outcome.currency);
  if (outcome.status === "paid") return `Payout of ${amount} sent to your bank account.`;
  if (outcome.status === "failed") {
    const why = outcome.failureMessage ? ` ${outcome.failureMessage.replace(/\.?$/, ".")}` : "";
    return `Your payout of ${amount} failed.${why} Check your bank details in the Stripe dashboard; the money stays in your balance.`;
  }
  return null;
}

/**
 * After the commit: an account that just became ready gets the shares held for it transferred (the
 * cron would within a minute), and the mentor is told about a ready account or a paid or failed
 * payout. Nothing here makes Stripe redeliver the event: the change is already committed.
 */
export async function afterConnectEvent(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  payments: Payments,
  outcome: ConnectOutcome,
): Promise<void> {
  const { db, now } = deps;
  if (outcome.kind === "account" && outcome.becameReady) {
    await transferHeldShares(db, payments, now, outcome.mentorId).catch((error: unknown) =>
      console.error("held shares not transferred yet (the cron retries)", error),
    );
  }
  if (outcome.kind === "payout") {
    // Written with the payout's change: pushed and mailed now.
    if (outcome.told) announce(deps, [outcome.told]);
    return;
  }
  const notice = connectNotice(outcome);
  if (!notice || outcome.kind !== "account") return;
  await notify(deps, { role: "mentor", id: outcome.mentorId }, { type: "alert", kind: "account", content: notice }).catch(
    (error: unknown) => console.error("notification failed", error),
  );
}

type PayoutOwner = { mentorId: string; email: string; first: string; zone: string | null; locale: string | null };
type PayoutChange = {
  payoutId: string;
  amountPaise: number;
  currency: string;
  status: "paid" | "failed";
  arrivalDate: Date;
  failureMessage: string | null;
};

/**
 * The mail and bell entry of a payout that reached his bank or failed, for the batch before the
 * payout's upsert: the mail is written only while the stored payout is not at this status or past
 * it (and once per payout and status, its key), the bell entry only if the mail was.
 */
function payoutNoticeWrites(db: Db, owner: PayoutOwner, p: PayoutChange, now: Date): { writes: BatchItem<"sqlite">[]; told: Told } {
  const to: Recipient = { role: "mentor", id: owner.mentorId };
  const content = connectNotice({ kind: "payout", mentorId: owner.mentorId, changed: true, ...p }) ?? "";
  const reader = { email: owner.email, first: owner.first, zone: mentorZoneOrDefault(owner.zone), locale: mailLocale(owner.locale) };
  const notYet = sql`not exists (select 1 from ${payouts} where ${payouts.id} = ${p.payoutId} and ${rankSql(payouts.status)} >= ${STATUS_RANK[p.status]})`;
  const bell = notificationWrite(db, to, { type: "alert", kind: "account", content }, now, { ifPreviousChanged: true });
  return { writes: [mailInsertWhen(db, payoutMail(reader, p), notYet, now.getTime()), bell.statement], told: { to, view: bell.view } };
}
