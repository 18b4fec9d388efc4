import type { Role } from "../../../db/schema";
import type { MailMessage } from "../mail";
import { htmlOf as layoutHtml, PRODUCT } from "./layout";

/**
 * The product's account e-mails: plain text and HTML, the product name, and no secret other than a
 * code itself. The look is in ./layout.ts; welcome and receipt in ./account-mails.ts; bookings in
 * ./booking-mails.ts.
 */

const htmlOf = (title: string, paragraphs: string[], code?: string) => layoutHtml({ title, paragraphs, code });

export const RESET_CODE_MINUTES = 10;

export function resetCodeMail(to: string, role: Role, code: string): MailMessage {
  const title = `Your ${PRODUCT} password reset code`;
  const lines = [
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT} ${role} account.`,
    `The code is valid for ${RESET_CODE_MINUTES} minutes and works once. Enter it on the reset page with your new password.`,
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ];
  // The code is in the text and HTML only, which the outbox redacts once delivered (a subject is kept).
  return { to, subject: title, text: `${title}\n\nYour code: ${code}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(title, lines, code), sensitive: true };
}

export function passwordChangedMail(to: string, role: Role, how: "reset" | "profile"): MailMessage {
  const title = `Your ${PRODUCT} password was changed`;
  const lines = [
    `The password of your ${PRODUCT} ${role} account was just changed${how === "reset" ? " with a reset code" : " from your profile"}.`,
    how === "reset" ? "You have been signed out everywhere. Sign in again with your new password." : "Your other sign-ins have been signed out.",
    `If this was not you, reset your password now with "Forgot password?" on the sign-in page and contact support.`,
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(title, lines) };
}

/** How long a mailed verification or re-application link works. */
export const EMAIL_LINK_HOURS = 24;

export function verifyEmailMail(to: string, role: Role, link: string): MailMessage {
  const title = `Confirm your ${PRODUCT} e-mail address`;
  const lines = [
    `Open this link to confirm that ${to} is the address of your ${PRODUCT} ${role} account:`,
    link,
    `The link works once, for ${EMAIL_LINK_HOURS} hours. A confirmed address keeps your account yours: only its owner can then sign in with Google or reset the password.`,
    "If you did not create this account, ignore this e-mail.",
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(title, lines), sensitive: true };
}

export function reapplyMail(to: string, link: string): MailMessage {
  const title = `Confirm your new ${PRODUCT} mentor application`;
  const lines = [
    `Someone (hopefully you) applied again as a ${PRODUCT} mentor with this e-mail address. Open this link to confirm the new application:`,
    link,
    `Nothing changes until you do: the new details and password apply only once the link is opened. It works once, for ${EMAIL_LINK_HOURS} hours.`,
    "If you did not apply, ignore this e-mail: your account stays as it is.",
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(title, lines), sensitive: true };
}

export function googleTakeoverMail(to: string): MailMessage {
  const title = `Your ${PRODUCT} account now signs in with Google`;
  const lines = [
    `You just signed in with Google as ${to}. This address had never been confirmed on ${PRODUCT}, so the account registered with it could have been created by someone else.`,
    "To keep the account yours, the password it was created with no longer works and every other sign-in has been ended. Your Google sign-in is now the way in.",
    `If you want a password as well, choose "Forgot password?" on the sign-in page: the code goes to this address.`,
  ];
  return { to, subject: title, text: `${title}\n\n${lines.join("\n\n")}\n\n${PRODUCT}`, html: htmlOf(title, lines) };
}
