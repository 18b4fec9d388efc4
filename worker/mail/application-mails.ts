import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { formatDate } from "../../shared/zoned-time";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/** The applicant a moderator decided on, in the language he applied in. */
export type Applicant = { email: string; first: string; locale: Locale };

/** His application was accepted: he can sign in as a mentor at once, and mentees can find him. */
export function applicationAcceptedMail(to: Applicant): MailMessage {
  const i18n = i18nFor(to.locale);
  const first = to.first;
  return layoutMail(to.email, {
    lang: to.locale,
    title: i18n._(msg`Your ${PRODUCT} mentor application was accepted`),
    greeting: i18n._(msg`Hello ${first},`),
    paragraphs: [
      i18n._(msg`Welcome to ${PRODUCT}! Your application has been accepted.`),
      i18n._(msg`You can sign in as a mentor now, complete your profile and publish your slots; mentees can already find you in search.`),
      i18n._(msg`The ${PRODUCT} team`),
    ],
  });
}

/** His application was not accepted: the moderator's reason, and from when he may apply again (a UTC day). */
export function applicationRejectedMail(to: Applicant, reason: string, reapplyAt: Date): MailMessage {
  const i18n = i18nFor(to.locale);
  const first = to.first;
  const day = formatDate(reapplyAt, "UTC", to.locale);
  return layoutMail(to.email, {
    lang: to.locale,
    title: i18n._(msg`Your ${PRODUCT} mentor application`),
    greeting: i18n._(msg`Hello ${first},`),
    paragraphs: [
      i18n._(msg`Thank you for applying to mentor on ${PRODUCT}. We could not accept your application this time, for this reason:`),
      reason,
      i18n._(msg`You can apply again from ${day} (UTC).`),
      i18n._(msg`The ${PRODUCT} team`),
    ],
  });
}
