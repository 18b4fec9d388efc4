import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The lifetimes the privacy page states: the same list as the Worker's RETENTION (worker/privacy/retention.ts), written
 * here so the public page does not load the database code; tests/unit/privacy-page-retention.test.ts keeps the two equal.
 */
export const KEPT_RECORDS: { table: string; days: number; what: MessageDescriptor }[] = [
  { table: "email_outbox", days: 30, what: msg`E-mails we sent you (address, subject, text and files), counted from sending` },
  { table: "email_outbox (parked)", days: 90, what: msg`E-mails that could not be delivered after every attempt` },
  { table: "email_proofs", days: 30, what: msg`Links that prove your e-mail address, counted from their expiry` },
  { table: "one_time_codes", days: 1, what: msg`Password-reset codes, counted from their expiry` },
  { table: "refresh_sessions", days: 30, what: msg`Your sign-ins (the list of your signed-in devices), counted from their expiry` },
  { table: "notifications", days: 180, what: msg`Notices in the bell` },
  { table: "reminder_plans", days: 30, what: msg`Planned session reminders, counted from the session's start` },
  { table: "session_reminders", days: 30, what: msg`Records of reminders sent` },
  { table: "processed_payment_events", days: 90, what: msg`Ids of payment events from Stripe already handled` },
  { table: "dead_letters", days: 90, what: msg`Background work that failed every attempt` },
  { table: "moderation_actions", days: 3 * 365, what: msg`The moderators' record of their decisions` },
  // A deleted account's payment records, kept for the law under a pseudonym (ADR 0042), counted from the erasure.
  {
    table: "refunds (erased accounts)",
    days: 8 * 365,
    what: msg`Refunds of a deleted account's payments, naming only a pseudonym, counted from the deletion`,
  },
  {
    table: "earnings (erased accounts)",
    days: 8 * 365,
    what: msg`Payments made by or to a deleted account, naming only a pseudonym, counted from the deletion`,
  },
  { table: "payouts (erased accounts)", days: 8 * 365, what: msg`Payouts to a deleted mentor's account, naming only a pseudonym` },
  { table: "enrollments (erased accounts)", days: 8 * 365, what: msg`Subscriptions of a deleted account, naming only a pseudonym` },
];
