import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/**
 * The scheduler's own e-mails: the session reminders (24 hours and 1 hour before) and
 * the waitlist's offer of an earlier time, in the product's one look, in plain text and HTML, in the
 * recipient's language (ADR 0027).
 */

export type Reminder = {
  to: string;
  first: string;
  other: string;
  /** "starts within the hour", "is in about 5 hours" (in `locale`: reminderSoon) */
  soon: string;
  /** in the recipient's zone and language */
  when: string;
  locale: Locale;
};

/** The reminder's "when" words: "starts within the hour", "is in about 5 hours". */
export function reminderSoon(hours: number, locale: Locale): string {
  const i18n = i18nFor(locale);
  return hours <= 1 ? i18n._(msg`starts within the hour`) : i18n._(msg`is in about ${hours} hours`);
}

export function reminderMail(r: Reminder): MailMessage {
  const { soon, other, first, locale } = r;
  const i18n = i18nFor(locale);
  return layoutMail(r.to, {
    lang: locale,
    title: i18n._(msg`Reminder: your ${PRODUCT} session ${soon}`),
    greeting: i18n._(msg`Hi ${first},`),
    paragraphs: [
      i18n._(msg`Your session with ${other} ${soon}.`),
      i18n._(msg`Join from your dashboard when it is time; the call opens 10 minutes before the start.`),
      i18n._(msg`See you there.`),
    ],
    details: [
      [i18n._(msg`When`), r.when],
      [i18n._(msg`With`), other],
    ],
  });
}

export type WaitlistOffer = {
  to: string;
  first: string;
  mentorName: string /** in the recipient's zone and language */;
  when: string;
  holdMinutes: number;
  locale: Locale;
};

export function waitlistOfferMail(o: WaitlistOffer): MailMessage {
  const { mentorName, first, when, holdMinutes, locale } = o;
  const i18n = i18nFor(locale);
  return layoutMail(o.to, {
    lang: locale,
    title: i18n._(msg`An earlier time opened with ${mentorName}`),
    greeting: i18n._(msg`Hi ${first},`),
    paragraphs: [
      i18n._(msg`An earlier time opened with ${mentorName}: ${when}. It is held for you for ${holdMinutes} minutes.`),
      i18n._(msg`Book it on ${mentorName}'s schedule in ${PRODUCT} before then; after that it goes to the next person waiting.`),
    ],
    details: [
      [i18n._(msg`When`), when],
      [i18n._(msg`Held for you`), i18n._(msg`${holdMinutes} minutes`)],
    ],
  });
}

export type RescheduleRequest = {
  to: string;
  first: string;
  mentorName: string;
  mentorFirst: string;
  /** The session's start, in the recipient's zone and language. */
  when: string;
  /** The mentor's words, or the default ask in the recipient's language when he wrote none. */
  message: string;
  locale: Locale;
};

/** A mentor asks her to move a booked session: his words, and what she can do before it starts. */
export function rescheduleRequestMail(r: RescheduleRequest): MailMessage {
  const { mentorName, mentorFirst, first, when, locale } = r;
  const i18n = i18nFor(locale);
  const ask = i18n._(
    msg`Pick another time on ${mentorFirst}'s schedule before the session starts, or cancel it and the call goes back to your plan. If the session is not moved by its start, it is released and the call is not counted.`,
  );
  return layoutMail(r.to, {
    lang: locale,
    title: i18n._(msg`${mentorName} asked you to pick another time`),
    greeting: i18n._(msg`Hi ${first},`),
    paragraphs: [i18n._(msg`${mentorName} asked you to move your session on ${when}:`), `"${r.message}"`, ask],
    details: [
      [i18n._(msg`Session`), when],
      [i18n._(msg`Message`), r.message],
    ],
  });
}
