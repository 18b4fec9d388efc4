import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { formatWhen } from "../../shared/zoned-time";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/**
 * "Your data is ready" (ADR 0039): the link that works once, for a day, for her alone. It carries a secret until it
 * is used, so the row is redacted once delivered (`sensitive`), and it is urgent: she is waiting for it.
 */
export function dataExportReadyMail(to: string, firstName: string, link: string, expiresAt: Date, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const until = formatWhen(expiresAt, "UTC", locale);
  return layoutMail(
    to,
    {
      lang: locale,
      title: i18n._(msg`Your ${PRODUCT} data is ready to download`),
      greeting: i18n._(msg`Hi ${firstName},`),
      paragraphs: [
        i18n._(
          msg`The copy of your data you asked for is ready: one ZIP file with your profile, sessions, messages, payments and more, each in a documented form.`,
        ),
        link,
        i18n._(
          msg`The link works once, until ${until}, and only when you are signed in to your account. After that, ask for a new copy on your settings.`,
        ),
        i18n._(msg`If you did not ask for a copy of your data, sign in and change your password.`),
      ],
    },
    { sensitive: true, lane: "urgent" },
  );
}

/**
 * "Your account will be deleted" (ADR 0042): what happened, when the erasure comes, and that signing in before then
 * restores the account. Urgent: if she did not ask for it, she must act within the 14 days.
 */
export function accountDeletionMail(to: string, firstName: string, eraseAfter: Date, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const when = formatWhen(eraseAfter, "UTC", locale);
  return layoutMail(
    to,
    {
      lang: locale,
      title: i18n._(msg`Your ${PRODUCT} account will be deleted`),
      greeting: i18n._(msg`Hi ${firstName},`),
      paragraphs: [
        i18n._(
          msg`You asked us to delete your account. You were signed out everywhere, your upcoming sessions were cancelled and your subscriptions stop renewing.`,
        ),
        i18n._(
          msg`On ${when} your account is erased for good: your profile, photo and contact details, and the text of your messages and reviews.`,
        ),
        i18n._(msg`Changed your mind? Sign in before then and your account is restored.`),
        i18n._(msg`If you did not ask for this, sign in now and change your password.`),
      ],
    },
    { lane: "urgent" },
  );
}
