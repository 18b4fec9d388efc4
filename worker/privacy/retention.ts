import { and, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import {
  deadLetters,
  earnings,
  emailOutbox,
  emailProofs,
  enrollments,
  moderationActions,
  notifications,
  oneTimeCodes,
  payouts,
  processedPaymentEvents,
  refreshSessions,
  refunds,
  reminderPlans,
  sessionReminders,
} from "../../db/schema";

const DAY = 24 * 60 * 60 * 1000;

/** How long the payment records of an erased account are kept (ADR 0042): India's Companies Act keeps books of account eight years. */
const FINANCIAL_YEARS = 8;

/** An account erased before `cutoff` (ADR 0042): `role` and `id` name the columns that hold the person. */
const erasedBefore = (cutoff: Date, role: "mentee" | "mentor", id: SQL) =>
  sql`exists (select 1 from account_deletions d where d.state = 'erased' and d.erased_at < ${cutoff.getTime()} and d.user_role = ${role} and d.user_id = ${id})`;

/**
 * How long the product keeps the records it writes for its own running, and why (ADR 0038). Each rule names
 * what goes, after how long, and the condition that starts the clock; the retention job deletes what is past
 * it. What a person wrote or booked (profile, messages, sessions, reviews, payments) is not here: it lives as
 * long as the account, and the financial records as long as the law requires.
 * The README's retention table is checked against this list (tests/unit/retention-table.test.ts).
 */
export type RetentionRule = {
  /** The table, as the database names it. */
  table: string;
  /** What is removed, in a reader's words (the README's table says the same). */
  what: string;
  /** How long after the clock starts. */
  days: number;
  /** Why it is kept that long and no longer. */
  why: string;
  /** The table's schema and the key its rows are deleted by (a bounded batch each run). */
  rows: SQLiteTable;
  key: SQLiteColumn;
  /** The rows past their lifetime: `cutoff` is `days` before now, so the stated lifetime is the one that runs. */
  expired: (cutoff: Date, now: number) => SQL | undefined;
};

export const RETENTION: RetentionRule[] = [
  {
    table: "email_outbox",
    what: "e-mails sent, muted by the person's settings, or parked: address, subject, text and files",
    days: 30,
    why: "long enough to answer 'did you send my receipt?'; the mail itself is in the person's mailbox",
    rows: emailOutbox,
    key: emailOutbox.id,
    expired: (cutoff) => or(lt(emailOutbox.sentAt, cutoff), lt(emailOutbox.mutedAt, cutoff)),
  },
  {
    table: "email_outbox (parked)",
    what: "e-mails that failed every attempt",
    days: 90,
    why: "an operator sees and may resend a parked mail for a quarter, then it is of no use to anyone",
    rows: emailOutbox,
    key: emailOutbox.id,
    expired: (cutoff) => lt(emailOutbox.deadAt, cutoff),
  },
  {
    table: "email_proofs",
    what: "address-proof and re-application links, used or not",
    days: 30,
    why: "a link works for a day; a month after it expired it only proves what the account already records",
    rows: emailProofs,
    key: emailProofs.id,
    expired: (cutoff) => lt(emailProofs.expiresAt, cutoff),
  },
  {
    table: "one_time_codes",
    what: "password-reset codes",
    days: 1,
    why: "useless once expired; a day lets a late attempt be told 'expired' rather than 'wrong'",
    rows: oneTimeCodes,
    key: oneTimeCodes.id,
    expired: (cutoff) => lt(oneTimeCodes.expiresAt, cutoff),
  },
  {
    table: "refresh_sessions",
    what: "sign-ins (the list of signed-in devices)",
    days: 30,
    why: "a month after a sign-in expired it no longer helps the person spot a sign-in that was not hers",
    rows: refreshSessions,
    key: refreshSessions.id,
    expired: (cutoff) => lt(refreshSessions.expiresAt, cutoff),
  },
  {
    table: "notifications",
    what: "notices in the bell",
    days: 180,
    why: "the bell shows what is recent; anything that matters is also in the person's sessions, payments or mail",
    rows: notifications,
    key: notifications.id,
    expired: (cutoff) => lt(notifications.createdAt, cutoff),
  },
  {
    table: "reminder_plans",
    what: "planned session reminders",
    days: 30,
    why: "a reminder is never due after its session started; the plan only stops a second one being sent",
    rows: reminderPlans,
    key: reminderPlans.id,
    expired: (cutoff) => lt(reminderPlans.startAt, cutoff),
  },
  {
    table: "session_reminders",
    what: "records of reminders sent",
    days: 30,
    why: "written at most a day before the session, so a month later no second reminder can be at stake",
    rows: sessionReminders,
    key: sessionReminders.id,
    expired: (cutoff) => lt(sessionReminders.createdAt, cutoff),
  },
  {
    table: "processed_payment_events",
    what: "ids of payment events already handled",
    days: 90,
    why: "an event is retried by Stripe for up to 3 days; a quarter covers any replay an operator could ask for",
    rows: processedPaymentEvents,
    key: processedPaymentEvents.eventId,
    expired: (cutoff) => lt(processedPaymentEvents.processedAt, cutoff),
  },
  {
    table: "dead_letters",
    what: "background work that failed every attempt",
    days: 90,
    why: "an operator replays or dismisses it within days; replayed ones go 30 days after the replay",
    rows: deadLetters,
    key: deadLetters.id,
    expired: (cutoff, now) =>
      or(
        and(isNotNull(deadLetters.replayedAt), lt(deadLetters.replayedAt, new Date(now - 30 * DAY))),
        and(isNull(deadLetters.replayedAt), lt(deadLetters.createdAt, cutoff)),
      ),
  },
  {
    table: "moderation_actions",
    what: "the moderators' audit log",
    days: 3 * 365,
    why: "long enough to review any decision and any pattern of complaints; the payments it touched keep their own records",
    rows: moderationActions,
    key: moderationActions.id,
    expired: (cutoff) => lt(moderationActions.createdAt, cutoff),
  },
  // The payment records of an erased account, kept pseudonymised for the law (ADR 0042), go in the order their
  // references allow: refunds, then the payments they belong to, then the subscriptions those paid.
  {
    table: "refunds (erased accounts)",
    what: "refunds of a payment made by or to an erased account",
    days: FINANCIAL_YEARS * 365,
    why: "books of account are kept eight years (Companies Act 2013, s. 128); they name only a pseudonym meanwhile",
    rows: refunds,
    key: refunds.id,
    expired: (cutoff) =>
      inArray(
        refunds.earningId,
        sql`(select e.id from earnings e where ${erasedBefore(cutoff, "mentee", sql`e.mentee_id`)} or ${erasedBefore(cutoff, "mentor", sql`e.mentor_id`)})`,
      ),
  },
  {
    table: "earnings (erased accounts)",
    what: "payments (invoices paid, the mentor's share) of an erased account",
    days: FINANCIAL_YEARS * 365,
    why: "books of account are kept eight years (Companies Act 2013, s. 128); they name only a pseudonym meanwhile",
    rows: earnings,
    key: earnings.id,
    expired: (cutoff) =>
      or(erasedBefore(cutoff, "mentee", sql`${earnings.menteeId}`), erasedBefore(cutoff, "mentor", sql`${earnings.mentorId}`)),
  },
  {
    table: "payouts (erased accounts)",
    what: "payouts to an erased mentor",
    days: FINANCIAL_YEARS * 365,
    why: "books of account are kept eight years (Companies Act 2013, s. 128); they name only a pseudonym meanwhile",
    rows: payouts,
    key: payouts.id,
    expired: (cutoff) => erasedBefore(cutoff, "mentor", sql`${payouts.mentorId}`),
  },
  {
    table: "enrollments (erased accounts)",
    what: "subscriptions of an erased account, once no payment refers to them",
    days: FINANCIAL_YEARS * 365,
    why: "a subscription is the record a payment was for; it goes with the payments",
    rows: enrollments,
    key: enrollments.id,
    expired: (cutoff) =>
      and(
        or(erasedBefore(cutoff, "mentee", sql`${enrollments.menteeId}`), erasedBefore(cutoff, "mentor", sql`${enrollments.mentorId}`)),
        sql`not exists (select 1 from earnings e where e.enrollment_id = ${enrollments.id})`,
      ),
  },
];

/** Rows removed per table per run: a run stays short, and a backlog clears over the following minutes. */
export const PRUNE_BATCH = 500;

/**
 * Deletes what is past its lifetime, at most PRUNE_BATCH rows per rule, one statement each (the rows are chosen
 * in the statement itself, so two overlapping runs delete nothing twice). Returns the rows removed per table.
 */
export async function pruneExpiredRecords(db: Db, now: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const rule of RETENTION) {
    const { rows: table, key } = rule;
    const where = rule.expired(new Date(now - rule.days * DAY), now);
    const result = await db.delete(table).where(inArray(key, db.select({ key }).from(table).where(where).limit(PRUNE_BATCH)));
    removed[rule.table] = result.rowsAffected;
  }
  return removed;
}
