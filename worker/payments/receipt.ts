import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type enrollments, mentees, mentors } from "../../db/schema";
import { zoneOr } from "../../shared/zoned-time";
import { receiptMail } from "../mail/account-mails";
import { mailInsert } from "../mail/mail";
import { mailLocale } from "../platform/i18n";
import { ERASED_ADDRESS_DOMAIN } from "../privacy/leaving";

/** What a paid invoice says: its id, what was paid, and the period it pays for. */
export type PaidInvoice = { invoiceId: string; amountMinor: number; currency: string; period: { start: Date; end: Date } | null };

type Enrollment = typeof enrollments.$inferSelect;

/**
 * The mentee's receipt for a paid invoice as a statement for the SAME batch as the event's record
 * (so a redelivered event, refused by that record, writes none); its dedupe key is the invoice, so
 * the invoice is receipted once whatever else happens. None when an account is gone or erased.
 */
export async function receiptWrites(db: Db, enrollment: Enrollment, invoice: PaidInvoice | undefined, now: Date) {
  if (!invoice || invoice.amountMinor <= 0) return [];
  const [mentee, mentor] = await Promise.all([
    db.query.mentees.findFirst({
      where: eq(mentees.id, enrollment.menteeId),
      columns: { email: true, firstName: true, timeZone: true, locale: true },
    }),
    db.query.mentors.findFirst({ where: eq(mentors.id, enrollment.mentorId), columns: { firstName: true, lastName: true } }),
  ]);
  // An erased mentee (a payment whose event came after her erasure, ADR 0042) has no address to receipt.
  if (!mentee || !mentor || mentee.email.endsWith(ERASED_ADDRESS_DOMAIN)) return [];
  const period =
    invoice.period ??
    (enrollment.currentPeriodStart && enrollment.currentPeriodEnd
      ? { start: enrollment.currentPeriodStart, end: enrollment.currentPeriodEnd }
      : null);
  if (!period) return [];
  const mail = receiptMail({
    to: mentee.email,
    menteeFirst: mentee.firstName,
    mentorName: `${mentor.firstName} ${mentor.lastName}`,
    amountMinor: invoice.amountMinor,
    currency: invoice.currency,
    period,
    invoiceId: invoice.invoiceId,
    zone: zoneOr(mentee.timeZone),
    locale: mailLocale(mentee.locale),
  });
  return [mailInsert(db, mail, now.getTime())];
}
