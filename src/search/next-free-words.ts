/**
 * A mentor's next free time as a card shows it ("Tue, 1 Dec, 6:00 pm"), in a zone and the page's language, with the
 * browser's own Intl: the landing's small script uses it too (src/landing-island.ts), so no date library comes with it.
 */
export function nextFreeWords(iso: string, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(iso));
}

/** Marks the `<time>` a page written before the reader's zone was known shows a next free time in, for the browser to redraw. */
export const LOCAL_TIME_ATTRIBUTE = "data-local-time";

/**
 * The zone a page is drawn in before the reader's is known (the Worker's drawing of a public page): the marketplace's
 * (India's); the browser then shows the reader's own.
 */
export const DRAWN_ZONE = "Asia/Kolkata";
