import { msg } from "@lingui/core/macro";
import type { Device } from "../../shared/device-of";
import type { Locale } from "../../shared/locale";
import { formatWhen } from "../../shared/zoned-time";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

export type SignInAlert = {
  to: string;
  first: string;
  device: Device;
  at: Date;
  zone: string;
  locale: Locale;
  how: "password" | "google";
  /** The page where she changes her password; null for a moderator, whose password an administrator changes. */
  securePage: string | null;
};

/**
 * A sign-in from a device other than the one she signed in on before (ADR 0006: the bell and her other tabs are told
 * too). Urgent: it matters only while she can still act on it. It names no secret and no address.
 */
export function signInAlertMail(a: SignInAlert): MailMessage {
  const i18n = i18nFor(a.locale);
  const { browser, system } = a.device;
  const unknown = i18n._(msg`an unknown browser`);
  const device = browser && system ? i18n._(msg`${browser} on ${system}`) : (browser ?? system ?? unknown);
  const when = formatWhen(a.at, a.zone, a.locale);
  const first = a.first;
  return layoutMail(a.to, {
    lang: a.locale,
    title: i18n._(msg`New sign-in to your ${PRODUCT} account`),
    greeting: i18n._(msg`Hi ${first},`),
    details: [
      [i18n._(msg`Device`), device],
      [i18n._(msg`When (approximately)`), when],
      [i18n._(msg`How`), a.how === "google" ? i18n._(msg`With Google`) : i18n._(msg`With your password`)],
    ],
    paragraphs: [
      i18n._(msg`Your ${PRODUCT} account was just signed in to. If this was you, there is nothing to do.`),
      a.securePage
        ? i18n._(msg`If this wasn't you, secure your account now: change your password here, which signs out every other device:`)
        : i18n._(msg`If this wasn't you, ask an administrator to change your password now.`),
      ...(a.securePage ? [a.securePage] : []),
    ],
  });
}
