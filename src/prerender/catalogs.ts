import { type I18n, setupI18n } from "@lingui/core";
import type { Locale } from "../../shared/locale";
import { messages as en } from "../locales/en/common.po";
import { messages as hi } from "../locales/hi/common.po";

/**
 * The public pages' messages in every language, for drawing them outside the browser: at build time
 * (the shells in index.html and index.hi.html) and in the Worker (the landing and a profile, ADR 0027).
 * Each render gets an i18n of its own: the Worker draws pages for readers of different languages at once.
 */
export function i18nFor(locale: Locale): I18n {
  return setupI18n({ locale, messages: { en, hi } });
}
