import type { I18n } from "@lingui/core";

/**
 * The Worker's English sentences (SPEC §8, bell notifications, errors) in another language (issue 27):
 * the `messages` catalog is keyed by the English text itself (scripts/i18n/messages-extractor.ts), and
 * a sentence built with values (`Only {0} left`) is matched as a pattern whose values are carried over.
 * Anything unknown comes back as it was. Shared by the SPA (src/lib/i18n/server-messages.ts) and the
 * Worker (worker/i18n/sentences.ts); `i18n` is an instance whose active locale has that catalog loaded.
 */
type Pattern = { id: string; regex: RegExp };

/** Per catalog object; rebuilt when more messages were loaded into it (the SPA loads catalogs as it goes). */
const patternCache = new WeakMap<object, { size: number; patterns: Pattern[] }>();

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function patternsOf(ids: string[]): Pattern[] {
  return ids
    .filter((id) => /\{\d+\}/.test(id))
    .map((id) => ({ id, regex: new RegExp(`^${id.split(/\{\d+\}/).map(escape).join("(.+?)")}$`) }));
}

export function translateSentenceWith(text: string, i18n: I18n): string {
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
    if (match) return i18n._(id, Object.fromEntries(match.slice(1).map((value, i) => [String(i), value])));
  }
  return text;
}
