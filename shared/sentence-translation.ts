import type { I18n } from "@lingui/core";
import { isLocale, type Locale } from "./locale";

/**
 * The Worker's English sentences (SPEC §8, bell notifications, errors) in another language (ADR 0027):
 * the `messages` catalog is keyed by the English text itself (scripts/i18n/messages-extractor.ts), and
 * a sentence built with values (`Only {0} left`) is matched as a pattern whose values are carried over.
 * Anything unknown comes back as it was. Shared by the SPA (src/platform/i18n/server-messages.ts) and the
 * Worker (worker/platform/i18n/sentences.ts); `i18n` is an instance whose active locale has that catalog loaded.
 */
type Pattern = { id: string; regex: RegExp };

/**
 * Writes a value the Worker wrote in English (a date and time: shared/zoned-time.ts `rewriteWhen`) in the
 * reader's words, or null when it is not one. Passed in by who needs it (the Worker, the SPA's bell and
 * toasts), so the public pages' script does not carry the date library for it.
 */
export type ValueReader = (value: string, locale: Locale) => string | null;

/** Per catalog object; rebuilt when more messages were loaded into it (the SPA loads catalogs as it goes). */
const patternCache = new WeakMap<object, { size: number; patterns: Pattern[] }>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function patternsOf(ids: string[]): Pattern[] {
  return ids
    .filter((id) => /\{\d+\}/.test(id))
    .map((id) => ({
      id,
      regex: new RegExp(
        `^${id
          .split(/\{\d+\}/)
          .map(escapeRegExp)
          .join("(.+?)")}$`,
      ),
    }));
}

/**
 * A pattern's values are translated too, when the catalog knows them: a word the Worker puts into a
 * sentence ("changed to \"{1}\"" with "missed by the mentor", marked `@i18n words` where it is defined),
 * or a shorter sentence of its own ("Missed: {0} did not join"). Names, dates and what people wrote stay
 * as they are, unless they happen to be one of the catalog's own texts. `depth` bounds the nesting.
 */
export function translateSentenceWith(text: string, i18n: I18n, readValue?: ValueReader, depth = 0): string {
  if (!text) return text;
  const messages = i18n.messages;
  if (Object.hasOwn(messages, text)) return i18n._(text);
  const ids = Object.keys(messages);
  let cached = patternCache.get(messages);
  if (!cached || cached.size !== ids.length) {
    cached = { size: ids.length, patterns: patternsOf(ids) };
    patternCache.set(messages, cached);
  }
  for (const { id, regex } of cached.patterns) {
    const match = regex.exec(text);
    if (match)
      return i18n._(
        id,
        Object.fromEntries(
          match.slice(1).map((value, i) => [String(i), depth < 2 ? translateValue(value, i18n, readValue, depth + 1) : value]),
        ),
      );
  }
  return text;
}

/** A value in a pattern: a date and time the Worker wrote in English, in the reader's words; else as a sentence. */
function translateValue(value: string, i18n: I18n, readValue: ValueReader | undefined, depth: number): string {
  const locale = i18n.locale;
  return (readValue && isLocale(locale) ? readValue(value, locale) : null) ?? translateSentenceWith(value, i18n, readValue, depth);
}
