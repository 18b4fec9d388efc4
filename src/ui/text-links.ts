/**
 * Plain text with web addresses in it (agendas, session notes, comments, ADR 0026), split into the
 * parts a page draws: text stays text (React escapes it, so nothing in it becomes markup), and only
 * an `http:` or `https:` address that the URL parser accepts becomes a link, to the address as
 * parsed. `javascript:`, `data:` and anything else stay words.
 */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** A candidate address: http(s):// and what follows up to a space or a character that cannot end one. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.dev/a."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The address as a safe link target, or null. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname) return null;
  return url.href;
}

/** Drops trailing sentence punctuation, but keeps a closing bracket that has its opening one in the address (Wikipedia's "_(x)"). */
function trimEnd(candidate: string): string {
  let end = candidate;
  for (;;) {
    const match = TRAILING.exec(end);
    if (!match) return end;
    const last = end[end.length - 1];
    const opener = last === ")" ? "(" : last === "]" ? "[" : last === "}" ? "{" : null;
    if (opener && end.split(opener).length > end.split(last).length - 1) return end;
    end = end.slice(0, -1);
  }
}

export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (part: TextPart) => {
    const last = parts[parts.length - 1];
    if (part.kind === "text" && last?.kind === "text") last.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimEnd(match[0]);
    const href = safeHref(candidate);
    push({ kind: "text", text: text.slice(at, start) });
    if (href) push({ kind: "link", text: candidate, href });
    else push({ kind: "text", text: candidate });
    at = start + candidate.length;
  }
  push({ kind: "text", text: text.slice(at) });
  return parts;
}
