import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { formatDate } from "../../shared/zoned-time";
import { i18nFor } from "../platform/i18n";
import { formatAmount } from "./account-mails";
import { layoutMail as mail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/**
 * The e-mails about money moving after a payment (ADR 0024): a refund, to the mentee it goes back
 * to and to the mentor whose share it changes, and a payout to the mentor's bank. Each in the
 * recipient's language and zone; each keyed so that one change is mailed once.
 */

export type MoneyReader = { email: string; first: string; zone: string; locale: Locale };

export type RefundFacts = {
  earningId: string;
  invoiceId: string;
  currency: string;
  paidAt: Date;
  grossPaise: number;
  /** What this refund gave back. */
  amountPaise: number;
  /** All refunded of the payment so far (this refund included). */
  refundedTotalPaise: number;
  mentorName: string;
  menteeName: string;
  /** The mentor's share of the payment after it. */
  mentorShareAfterPaise: number;
  /** What of his share this refund took back. */
  mentorShareTakenPaise: number;
};

/** The mentee's notice of a refund: how much, of which payment, and when her bank shows it. */
export function refundMailToMentee(to: MoneyReader, r: RefundFacts): MailMessage {
  const i18n = i18nFor(to.locale);
  const amount = formatAmount(r.amountPaise, r.currency, to.locale);
  const gross = formatAmount(r.grossPaise, r.currency, to.locale);
  const total = formatAmount(r.refundedTotalPaise, r.currency, to.locale);
  const paidOn = formatDate(r.paidAt, to.zone, to.locale);
  const mentorName = r.mentorName;
  const first = to.first;
  return mail(
    to.email,
    {
      lang: to.locale,
      title: i18n._(msg`Refund: ${amount} of your payment to ${mentorName}`),
      greeting: i18n._(msg`Hi ${first},`),
      paragraphs: [
        i18n._(msg`We refunded ${amount} of your payment of ${gross} for your mentorship with ${mentorName}.`),
        i18n._(msg`The money goes back to the card you paid with. Banks usually show it within 5 to 10 business days.`),
        i18n._(msg`Your payments, refunds and receipts are under Subscriptions in ${PRODUCT}.`),
      ],
      details: [
        [i18n._(msg`Refunded`), amount],
        [i18n._(msg`Refunded of this payment in all`), total],
        [i18n._(msg`Payment`), gross],
        [i18n._(msg`Paid on`), paidOn],
        [i18n._(msg`Mentor`), mentorName],
        [i18n._(msg`Invoice`), r.invoiceId],
      ],
    },
    { dedupeKey: `refund:${r.earningId}:${r.refundedTotalPaise}:mentee` },
  );
}

/** The mentor's notice of a refund: what it took back of his share, and what his share now is. */
export function refundMailToMentor(to: MoneyReader, r: RefundFacts): MailMessage {
  const i18n = i18nFor(to.locale);
  const amount = formatAmount(r.amountPaise, r.currency, to.locale);
  const gross = formatAmount(r.grossPaise, r.currency, to.locale);
  const share = formatAmount(r.mentorShareAfterPaise, r.currency, to.locale);
  const taken = formatAmount(r.mentorShareTakenPaise, r.currency, to.locale);
  const paidOn = formatDate(r.paidAt, to.zone, to.locale);
  const menteeName = r.menteeName;
  const first = to.first;
  return mail(
    to.email,
    {
      lang: to.locale,
      title: i18n._(msg`A refund on ${menteeName}'s payment`),
      greeting: i18n._(msg`Hi ${first},`),
      paragraphs: [
        i18n._(
          msg`${amount} of ${menteeName}'s payment of ${gross} was refunded to them. ${taken} of your share was taken back, in proportion.`,
        ),
        i18n._(msg`Your share of that payment is now ${share}. Your months and payouts are under Earnings in ${PRODUCT}.`),
      ],
      details: [
        [i18n._(msg`Refunded`), amount],
        [i18n._(msg`Your share now`), share],
        [i18n._(msg`Payment`), gross],
        [i18n._(msg`Paid on`), paidOn],
        [i18n._(msg`Mentee`), menteeName],
      ],
    },
    { dedupeKey: `refund:${r.earningId}:${r.refundedTotalPaise}:mentor` },
  );
}

export type PayoutFacts = {
  payoutId: string;
  amountPaise: number;
  currency: string;
  status: "paid" | "failed";
  arrivalDate: Date;
  failureMessage: string | null;
};

/** The mentor's notice of a payout that reached his bank, or failed to. */
export function payoutMail(to: MoneyReader, p: PayoutFacts): MailMessage {
  const i18n = i18nFor(to.locale);
  const amount = formatAmount(p.amountPaise, p.currency, to.locale);
  const day = formatDate(p.arrivalDate, to.zone, to.locale);
  const first = to.first;
  const paid = p.status === "paid";
  const reason = p.failureMessage ?? "";
  return mail(
    to.email,
    {
      lang: to.locale,
      title: paid ? i18n._(msg`Payout of ${amount} sent to your bank`) : i18n._(msg`Your payout of ${amount} failed`),
      greeting: i18n._(msg`Hi ${first},`),
      paragraphs: paid
        ? [
            i18n._(msg`${amount} of your earnings was paid out to your bank account. It arrives by ${day}.`),
            i18n._(msg`Which payments it came from is under Earnings in ${PRODUCT}.`),
          ]
        : [
            i18n._(msg`Your payout of ${amount} could not be paid to your bank account. The money stays in your balance.`),
            ...(reason ? [i18n._(msg`The bank said: ${reason}`)] : []),
            i18n._(msg`Check your bank details in the Stripe dashboard, from Earnings in ${PRODUCT}.`),
          ],
      details: [
        [i18n._(msg`Amount`), amount],
        [paid ? i18n._(msg`Arrives by`) : i18n._(msg`Was due`), day],
      ],
    },
    { dedupeKey: `payout:${p.payoutId}:${p.status}` },
  );
}
