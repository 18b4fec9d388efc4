import { DEFAULT_LOCALE, type Locale } from "./locale";

/**
 * The language the app writes dates in (ADR 0027): set by the app when its language changes
 * (src/platform/i18n), read by shared/zoned-time.ts. The Worker never sets it: what it writes for a person
 * (mail, reminders) names the language in each call.
 */
let displayLocale: Locale = DEFAULT_LOCALE;

export const getDisplayLocale = (): Locale => displayLocale;
export const setDisplayLocale = (locale: Locale) => {
  displayLocale = locale;
};
