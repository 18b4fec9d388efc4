/** The viewer's IANA time zone, named wherever a date or time is shown. Apart from ./dates.ts so a route's loader can name it without the date library. */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The input of the reads counted in the viewer's zone (the moderator home's statistics): one object, so the loader's reads and the page's have one key. */
export const VIEWER_ZONE_INPUT = { timeZone: VIEWER_TIME_ZONE };
