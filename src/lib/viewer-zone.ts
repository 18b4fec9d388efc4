/** The browser's IANA time zone. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone of the browser a page is being drawn for by the Worker (issue 28); null in the browser. */
let drawnFor: string | null = null;

/**
 * The viewer's IANA time zone, named wherever a date or time is shown: the browser's; while the Worker draws a signed-in
 * page, the zone the browser told it (its `zone` cookie), so the page it draws is the one the browser takes over. Apart
 * from ./dates.ts so a route's loader can name it without the date library.
 */
export const viewerZone = (): string => drawnFor ?? BROWSER_ZONE;

/** The input of the reads counted in the viewer's zone (the moderator home's statistics): the loader's reads and the page's have one key. */
export const viewerZoneInput = (zone: string = viewerZone()) => ({ timeZone: zone });

/**
 * Draws a page for a browser in `zone` (src/prerender/render-route.tsx). Only around a synchronous render: nothing else
 * runs meanwhile, so pages drawn for other browsers at the same time keep their own zone.
 */
export function drawingIn<T>(zone: string | undefined, draw: () => T): T {
  if (zone === undefined) return draw();
  const before = drawnFor;
  drawnFor = zone;
  try {
    return draw();
  } finally {
    drawnFor = before;
  }
}
