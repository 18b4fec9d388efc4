import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Role } from "../../db/schema";
import type { Locale } from "../../shared/locale";
import { i18nFor } from "../platform/i18n";
import { htmlOf as layoutHtml, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

/**
 * The product's account e-mails: plain text and HTML, the product name, and no secret other than a
 * code itself. The look is in ./layout.ts; welcome and receipt in ./account-mails.ts; bookings in
 * ./booking-mails.ts. Each is written in the recipient's language (ADR 0027).
 */

const htmlOf = (locale: Locale, title: string, paragraphs: string[], code?: string) =>
  layoutHtml({ lang: locale, title, paragraphs, code });

/** "mentee", "mentor", "moderator" as the mail's sentences name the account. */
const roleWord = (role: Role, i18n: I18n) =>
  role === "mentee"
    ? i18n._(msg({ context: "account", message: "mentee" }))
    : role === "mentor"
      ? i18n._(msg({ context: "account", message: "mentor" }))
      : i18n._(msg({ context: "account", message: "moderator" }));

export const RESET_CODE_MINUTES = 10;

export function resetCodeMail(to: string, role: Role, code: string, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const account = roleWord(role, i18n);
  const title = i18n._(msg`Your ${PRODUCT} password reset code`);
  const lines = [
    i18n._(msg`Someone (hopefully you) asked to reset the password of your ${PRODUCT} ${account} account.`),
    i18n._(msg`The code is valid for ${RESET_CODE_MINUTES} minutes and works once. Enter it on the reset page with your new password.`),
    i18n._(msg`If you did not ask for this, ignore this e-mail: your password stays as it is.`),
  ];
  const yourCode = i18n._(msg`Your code: ${code}`);
  // The code is in the text and HTML only, which the outbox redacts once delivered (a subject is kept).
  return {
    to,
    subject: title,
    text: `${title}\n\n${yourCode}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`,
    html: htmlOf(locale, title, lines, code),
    sensitive: true,
  };
}

export function passwordChangedMail(to: string, role: Role, how: "reset" | "profile", locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const account = roleWord(role, i18n);
  const title = i18n._(msg`Your ${PRODUCT} password was changed`);
  const lines = [
    how === "reset"
      ? i18n._(msg`The password of your ${PRODUCT} ${account} account was just changed with a reset code.`)
      : i18n._(msg`The password of your ${PRODUCT} ${account} account was just changed from your profile.`),
    how === "reset"
      ? i18n._(msg`You have been signed out everywhere. Sign in again with your new password.`)
      : i18n._(msg`Your other sign-ins have been signed out.`),
    i18n._(msg`If this was not you, reset your password now with "Forgot password?" on the sign-in page and contact support.`),
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(locale, title, lines) };
}

/** How long a mailed verification or re-application link works. */
export const EMAIL_LINK_HOURS = 24;

export function verifyEmailMail(to: string, role: Role, link: string, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const account = roleWord(role, i18n);
  const title = i18n._(msg`Confirm your ${PRODUCT} e-mail address`);
  const lines = [
    i18n._(msg`Open this link to confirm that ${to} is the address of your ${PRODUCT} ${account} account:`),
    link,
    i18n._(
      msg`The link works once, for ${EMAIL_LINK_HOURS} hours. A confirmed address keeps your account yours: only its owner can then sign in with Google or reset the password.`,
    ),
    i18n._(msg`If you did not create this account, ignore this e-mail.`),
  ];
  return {
    to,
    subject: title,
    text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`,
    html: htmlOf(locale, title, lines),
    sensitive: true,
  };
}

export function reapplyMail(to: string, link: string, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const title = i18n._(msg`Confirm your new ${PRODUCT} mentor application`);
  const lines = [
    i18n._(
      msg`Someone (hopefully you) applied again as a ${PRODUCT} mentor with this e-mail address. Open this link to confirm the new application:`,
    ),
    link,
    i18n._(
      msg`Nothing changes until you do: the new details and password apply only once the link is opened. It works once, for ${EMAIL_LINK_HOURS} hours.`,
    ),
    i18n._(msg`If you did not apply, ignore this e-mail: your account stays as it is.`),
  ];
  return {
    to,
    subject: title,
    text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`,
    html: htmlOf(locale, title, lines),
    sensitive: true,
  };
}

export function googleTakeoverMail(to: string, locale: Locale): MailMessage {
  const i18n = i18nFor(locale);
  const title = i18n._(msg`Your ${PRODUCT} account now signs in with Google`);
  const lines = [
    i18n._(
      msg`You just signed in with Google as ${to}. This address had never been confirmed on ${PRODUCT}, so the account registered with it could have been created by someone else.`,
    ),
    i18n._(
      msg`To keep the account yours, the password it was created with no longer works and every other sign-in has been ended. Your Google sign-in is now the way in.`,
    ),
    i18n._(msg`If you want a password as well, choose "Forgot password?" on the sign-in page: the code goes to this address.`),
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(locale, title, lines) };
}
