import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { formatDate } from "../../shared/zoned-time";
import { i18nFor, intlTag } from "../platform/i18n";
import { layoutMail as mail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/** Sent once, with the sign-up, in the language she signed up in (ADR 0027); a Google sign-up has a proven address and no link to open. */
function welcomeMailText(to: string, firstName: string, how: "password" | "google", locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  return mail(to, {
    lang: locale,
    title: i18n._(msg`Welcome to ${PRODUCT}, ${firstName}`),
    greeting: i18n._(msg`Hi ${firstName},`),
    paragraphs: [
      i18n._(msg`Your ${PRODUCT} account is ready. Here is how people usually start:`),
      i18n._(
        msg`1. Find a mentor: search by skill, company or role, and read their profile and reviews.\n2. Book a free intro call to see whether you get on.\n3. Subscribe to chat with them and book your monthly calls.`,
      ),
      how === "password"
        ? i18n._(msg`We also sent you a link to confirm this e-mail address: confirming it keeps your account yours.`)
        : i18n._(msg`You signed up with Google: sign in with the same Google account next time.`),
      i18n._(msg`If you did not sign up, ignore this e-mail or reply to let us know.`),
    ],
  });
}

export type Receipt = {
  to: string;
  menteeFirst: string;
  mentorName: string;
  /** In the smallest unit (paise for INR). */
  amountMinor: number;
  currency: string;
  period: { start: Date; end: Date };
  /** Stripe's invoice id (the receipt's number, and the key that keeps one receipt per invoice). */
  invoiceId: string;
  zone: string;
  /** Her mail's language. */
  locale: Locale;
};

/** "₹4,802.00": Intl knows every currency's symbol and decimals; `en-IN` (or `hi-IN`, the same digits) groups them the Indian way. */
export function formatAmount(amountMinor: number, currency: string, locale: Locale = "en"): string {
  const code = currency.toUpperCase();
  const format = new Intl.NumberFormat(intlTag(locale), { style: "currency", currency: code });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** One per paid invoice: amount, period and mentor; a redelivered invoice is not mailed twice. */
function receiptMailText(r: Receipt): MailMessage {
  const { locale, mentorName, menteeFirst } = r;
  const i18n = i18nFor(locale);
  const amount = formatAmount(r.amountMinor, r.currency, locale);
  const start = formatDate(r.period.start, r.zone, locale);
  const end = formatDate(r.period.end, r.zone, locale);
  const period = i18n._(msg`${start} to ${end}`);
  return mail(
    r.to,
    {
      lang: locale,
      title: i18n._(msg`Receipt: ${amount} for your mentorship with ${mentorName}`),
      greeting: i18n._(msg`Hi ${menteeFirst},`),
      paragraphs: [
        i18n._(
          msg`Thank you: your payment for the monthly plan with ${mentorName} was received. It covers chat with ${mentorName} and up to ${CALLS_PER_MONTH} calls in this period.`,
        ),
        i18n._(msg`You can see your subscriptions, and cancel one before its next renewal, under Subscriptions in ${PRODUCT}.`),
      ],
      details: [
        [i18n._(msg`Amount paid`), amount],
        [i18n._(msg`Mentor`), mentorName],
        [i18n._(msg`Period`), period],
        [i18n._(msg`Invoice`), r.invoiceId],
      ],
    },
    { dedupeKey: `receipt:${r.invoiceId}` },
  );
}

/** Bulk: it may wait behind what a person is waiting for (ADR 0031). */
export function welcomeMail(to: string, firstName: string, how: "password" | "google", locale: Locale): MailMessage {
  return { ...welcomeMailText(to, firstName, how, locale), lane: "bulk" };
}

/** Bulk: it may wait behind what a person is waiting for (ADR 0031). */
export function receiptMail(r: Receipt): MailMessage {
  return { ...receiptMailText(r), lane: "bulk" };
}
