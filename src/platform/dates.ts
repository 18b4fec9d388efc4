import { DEFAULT_LOCALE } from "../../shared/locale";
import { formatPattern, toInstant } from "../../shared/zoned-time";
import { currentLocale } from "./i18n";
import { englishFromNow } from "./relative-time";
import { viewerZone } from "./viewer-zone";

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/**
 * "3 days ago" (English by englishFromNow); in another language its own words, through Intl.RelativeTimeFormat (ADR 0027). Told
 * from `now`, a component's `useNow()`, so a page the Worker drew is taken over with the same words (ADR 0028).
 */
export function fromNow(iso: string, now: number): string {
  const locale = currentLocale();
  if (locale === DEFAULT_LOCALE) return englishFromNow(toInstant(iso), new Date(now));
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(Math.round(seconds / size), unit);
}

/**
 * An instant in the viewer's zone. A wall-clock text without a zone ("2026-03-09T00:00", a day of the statistics) is that
 * day and time as written, wherever the page is drawn (in the browser or by the Worker).
 */
const wallClock = (iso: string | Date) => typeof iso === "string" && !/(Z|[+-]\d\d:?\d\d)$/i.test(iso);
const inViewerZone = (iso: string | Date, pattern: string) => formatPattern(iso, pattern, wallClock(iso) ? undefined : viewerZone());
const localDate = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(`${currentLocale()}-IN`, { ...options, ...(wallClock(iso) ? {} : { timeZone: viewerZone() }) }).format(
    new Date(iso),
  );

/** SPEC §9 formats in the viewer's zone: "March 5th 2025, 3:04 pm (Asia/Kolkata)". */
export function fullDateTime(iso: string): string {
  const zone = viewerZone();
  if (currentLocale() === DEFAULT_LOCALE) return `${inViewerZone(iso, "MMMM Do YYYY, h:mm a")} (${zone})`;
  return `${localDate(iso, { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" })} (${zone})`;
}

/** SPEC §9 date format in the viewer's zone: "March 5th 2025". */
export function longDate(iso: string): string {
  if (currentLocale() === DEFAULT_LOCALE) return inViewerZone(iso, "MMMM Do YYYY");
  return localDate(iso, { day: "numeric", month: "long", year: "numeric" });
}

/** "3:04 pm" in the viewer's zone. */
export const clockTime = (iso: string) => inViewerZone(iso, "h:mm a");

/** The calendar day ("YYYY-MM-DD") of an instant in the viewer's zone (a chat's day separators). */
export const dayOf = (instant: string | Date) => inViewerZone(instant, "YYYY-MM-DD");
