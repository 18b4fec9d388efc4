import type { ReactNode } from "react";

/** An http(s) address in a message, up to the first space; a closing bracket or sentence mark at its end is left out. */
const ADDRESS = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The pieces of a message: its text, with each http(s) address as a link (no other scheme is ever linked). */
export function linkPieces(text: string): ({ text: string } | { href: string })[] {
  const pieces: ({ text: string } | { href: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const found = match[0];
    const href = found.replace(TRAILING, "");
    const start = match.index ?? 0;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ href });
    at = start + href.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

/**
 * A message's words as text, its web addresses as links that open in a new tab without telling the page who sent the
 * person there (`noreferrer`) and without lending it any standing (`nofollow ugc`). React escapes everything: no HTML
 * of a message is ever rendered.
 */
export function LinkedText({ text, linkClassName }: { text: string; linkClassName?: string }): ReactNode {
  return linkPieces(text).map((piece, index) =>
    "href" in piece ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message never move
      <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc" className={linkClassName}>
        {piece.href}
      </a>
    ) : (
      piece.text
    ),
  );
}
