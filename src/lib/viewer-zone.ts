/** The viewer's IANA time zone, named wherever a date or time is shown. Apart from ./dates.ts so a route's loader can name it without the date library. */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
