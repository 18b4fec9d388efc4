import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/** The e-mail of a session the mentor did not come to (ADR 0026): the call is back in her plan, and how to book another. In her language (ADR 0027). */
export type MissedByMentor = {
  to: string;
  first: string;
  mentorName: string /** in the recipient's zone and language */;
  when: string;
  trial: boolean;
  /** The session is in a running plan's current period: the call is back in it to book (else: only not counted). */
  inPlan: boolean;
  locale: Locale;
};

export function missedByMentorMail(m: MissedByMentor): MailMessage {
  const { mentorName, first, when, locale } = m;
  const i18n = i18nFor(locale);
  const back = m.trial
    ? i18n._(msg`Your free intro call with them is yours again.`)
    : m.inPlan
      ? i18n._(msg`The call is back in your plan: it does not count against this period's calls.`)
      : i18n._(msg`It was not counted against your plan, but that plan's period is over or the plan has ended.`);
  return layoutMail(m.to, {
    lang: locale,
    title: i18n._(msg`${mentorName} did not join your session`),
    greeting: i18n._(msg`Hi ${first},`),
    paragraphs: [
      i18n._(msg`${mentorName} did not join your session (${when}). We are sorry: your time matters.`),
      back,
      i18n._(
        msg`Book another time on ${mentorName}'s schedule in ${PRODUCT} (Schedules), or choose another mentor. If this is wrong, you can dispute it from Booked slots within 24 hours.`,
      ),
    ],
    details: [
      [i18n._(msg`When`), when],
      [i18n._(msg`With`), mentorName],
    ],
  });
}
