import { type I18n, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locale";
import { messages as en } from "../../locales/en/server.po";
import { messages as hi } from "../../locales/hi/server.po";

/**
 * The Worker's languages (ADR 0027): e-mails, reminders and calendar files go out in the
 * recipient's language, from the `server` catalog (worker/locales/{locale}/server.po, compiled by
 * @lingui/vite-plugin). One Lingui instance per language, made on first use and shared by every
 * request: it is only read after setup. Lingui's global `i18n` is never used here, since one Worker
 * serves readers of every language at once.
 */
const CATALOGS = { en, hi } satisfies Record<Locale, unknown>;
const instances = new Map<Locale, I18n>();

export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    instances.set(locale, instance);
  }
  return instance;
}

/** An account's `locale` column as the language of her mail: null (or anything unknown) is English. */
export const mailLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** "en-IN" / "hi-IN": the Intl tag of amounts and numbers in a mail (Indian grouping; Hindi keeps the same digits). */
export const intlTag = (locale: Locale) => `${locale}-IN`;
