import { type I18n, setupI18n } from "@lingui/core";
import type { Locale } from "../../../shared/locale";
import { messages as hindiSentences } from "../../../shared/locales/hi/messages.po";
import { translateSentenceWith } from "../../../shared/sentence-translation";
import { rewriteWhen } from "../../../shared/zoned-time";

/**
 * The Worker's own English sentences (bell notifications: "New sign-in to your account. …", "Your
 * session with {0} on {1} was …") in the reader's language, for what leaves the Worker already written
 * (a Web Push payload, ADR 0027). The SPA's `messages` catalog holds them keyed by the English text
 * (scripts/i18n/messages-extractor.ts); the SPA shows the same translation (src/platform/i18n/server-messages.ts).
 * English, and any sentence the catalog does not know, come back unchanged.
 */
let hindi: I18n | undefined;

export function translateSentence(text: string, locale: Locale): string {
  if (locale === "en" || !text) return text;
  hindi ??= setupI18n({ locale: "hi", messages: { hi: hindiSentences } });
  return translateSentenceWith(text, hindi, rewriteWhen);
}
