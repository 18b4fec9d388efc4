import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * A device's stored name (src/notifications/web-push.ts `deviceLabel`: "Chrome on Android", or "Browser" when the
 * browser is not known) in the reader's language (ADR 0027). The name is kept in English on the server, as
 * the browser made it; the browsers' and systems' names are brands and stay as they are.
 */
export function deviceName(label: string, i18n: I18n): string {
  const [, browser = label, system] = /^(.+) on (.+)$/.exec(label) ?? [];
  const named = browser === "Browser" ? i18n._(msg`Browser`) : browser;
  return system ? i18n._(msg`${named} on ${system}`) : named;
}
