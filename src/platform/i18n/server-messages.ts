import { translateSentenceWith } from "../../../shared/sentence-translation";
import { currentLocale, i18n } from "./index";

/**
 * What the Worker and the shared validation say (SPEC §8) stays English on the wire: the REST contract
 * and its clients are unchanged. The app shows a Hindi reader its translation from the `messages`
 * catalog, whose entries are keyed by the English text (scripts/i18n/messages-extractor.ts). A message
 * built with values (`Only {0} left`) is matched as a pattern, and its values are carried over
 * (shared/sentence-translation.ts, which the Worker uses too). Anything unknown is shown as it came.
 */
export function translateServerMessage(text: string): string {
  if (currentLocale() === "en" || !text) return text;
  return translateSentenceWith(text, i18n);
}
