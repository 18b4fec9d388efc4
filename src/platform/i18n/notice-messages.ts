import { translateSentenceWith } from "../../../shared/sentence-translation";
import { rewriteWhen } from "../../../shared/zoned-time";
import { currentLocale, i18n } from "./index";

/**
 * A bell notification or its live toast in the reader's language (ADR 0027): as `translateServerMessage`,
 * and the dates the Worker wrote into it in English ("March 9th 2026, 7:30 pm (Asia/Kolkata)") written in
 * the reader's words. Apart from it because the date library belongs to the signed-in areas, not to the
 * public pages' script, where an error message never carries a date.
 */
export function translateNotice(text: string): string {
  if (currentLocale() === "en" || !text) return text;
  return translateSentenceWith(text, i18n, rewriteWhen);
}
