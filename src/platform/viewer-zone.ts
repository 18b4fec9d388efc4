import { workerDrawnViewer } from "./worker-drawn-viewer";

/** The browser's IANA time zone. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The viewer's IANA time zone, named wherever a date or time is shown: the browser's, also while the Worker draws a
 * signed-in page for it (./worker-drawn-viewer.ts). Apart from ./dates.ts so a route's loader can name it without the date library.
 */
export const viewerZone = (): string => workerDrawnViewer()?.zone ?? BROWSER_ZONE;

/** The input of the reads counted in the viewer's zone (the moderator home's statistics): the loader's reads and the page's have one key. */
export const viewerZoneInput = (zone: string = viewerZone()) => ({ timeZone: zone });
