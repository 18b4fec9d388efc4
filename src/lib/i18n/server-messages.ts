import { currentLocale, i18n } from "./index";

/**
 * What the Worker and the shared validation say (SPEC §8) stays English on the wire: the REST contract
 * and its clients are unchanged. The app shows a Hindi reader its translation from the `messages`
 * catalog, whose entries are keyed by the English text (scripts/i18n/messages-extractor.ts). A message
 * built with values (`Only {0} left`) is matched as a pattern, and its values are carried over.
 * Anything unknown is shown as it came.
 */
type Pattern = { id: string; regex: RegExp };
const patternsByLocale = new Map<string, { size: number; patterns: Pattern[] }>();

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function patternsOf(ids: string[]): Pattern[] {
  return ids
    .filter((id) => /\{\d+\}/.test(id))
    .map((id) => ({ id, regex: new RegExp(`^${id.split(/\{\d+\}/).map(escape).join("(.+?)")}$`) }));
}

export function translateServerMessage(text: string): string {
  if (currentLocale() === "en" || !text) return text;
  const messages = i18n.messages;
  if (Object.hasOwn(messages, text)) return i18n._(text);
  const ids = Object.keys(messages);
  let cached = patternsByLocale.get(i18n.locale);
  if (!cached || cached.size !== ids.length) {
    cached = { size: ids.length, patterns: patternsOf(ids) };
    patternsByLocale.set(i18n.locale, cached);
  }
  for (const { id, regex } of cached.patterns) {
    const match = regex.exec(text);
    if (match) return i18n._(id, Object.fromEntries(match.slice(1).map((value, i) => [String(i), value])));
  }
  return text;
}
