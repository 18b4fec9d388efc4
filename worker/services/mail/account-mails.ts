import type { MailMessage } from "../mail";
import { formatDate } from "../../../shared/zoned-time";
import { CALLS_PER_MONTH } from "../../../shared/plan";
import { layoutMail as mail, PRODUCT } from "./layout";

/** Sent once, with the sign-up (issue 23); a Google sign-up has a proven address and no link to open. */
export function welcomeMail(to: string, firstName: string, how: "password" | "google" = "password"): MailMessage {
  return mail(to, {
    title: `Welcome to ${PRODUCT}, ${firstName}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your ${PRODUCT} account is ready. Here is how people usually start:`,
      "1. Find a mentor: search by skill, company or role, and read their profile and reviews.\n2. Book a free intro call to see whether you get on.\n3. Subscribe to chat with them and book your monthly calls.",
      how === "password" ? "We also sent you a link to confirm this e-mail address: confirming it keeps your account yours." : "You signed up with Google: sign in with the same Google account next time.",
      "If you did not sign up, ignore this e-mail or reply to let us know.",
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
};

/** "₹4,802.00": Intl knows every currency's symbol and decimals. */
export function formatAmount(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat("en-IN", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: code }).format(amountMinor / 10 ** digits);
}

/** One per paid invoice (issue 23): amount, period and mentor; a redelivered invoice is not mailed twice. */
export function receiptMail(r: Receipt): MailMessage {
  const amount = formatAmount(r.amountMinor, r.currency);
  const period = `${formatDate(r.period.start, r.zone)} to ${formatDate(r.period.end, r.zone)}`;
  return mail(
    r.to,
    {
      title: `Receipt: ${amount} for your mentorship with ${r.mentorName}`,
      greeting: `Hi ${r.menteeFirst},`,
      paragraphs: [
        `Thank you: your payment for the monthly plan with ${r.mentorName} was received. It covers chat with ${r.mentorName} and up to ${CALLS_PER_MONTH} calls in this period.`,
        `You can see your subscriptions, and cancel one before its next renewal, under Subscriptions in ${PRODUCT}.`,
      ],
      details: [
        ["Amount paid", amount],
        ["Mentor", r.mentorName],
        ["Period", period],
        ["Invoice", r.invoiceId],
      ],
    },
    { dedupeKey: `receipt:${r.invoiceId}` },
  );
}
