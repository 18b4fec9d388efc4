import { formatPattern, MONTHS, ordinal, toInstant } from "./date-patterns";
import { getDisplayLocale } from "./display-locale";
import { DEFAULT_LOCALE, type Locale } from "./locale";
import { wallOf, zoneOffsetMinutes } from "./wall-clock";

// The one date API (ADR 0034): callers import these from here, so the browser loads them as one file.
export { addDays, addMonths, daysInMonth, utcMidnight, weekdayOf } from "./calendar-days";
export { formatPattern, toInstant, wallOf, zoneOffsetMinutes };

/** Shared by the Worker (notifications, e-mails, the dashboard) and the SPA: instants are UTC, shown in a person's IANA zone. */
export const SESSION_MS = 60 * 60 * 1000;
export const FALLBACK_ZONE = "UTC";

/** The shape of an IANA zone name ("Asia/Kolkata", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"); not an offset like "+05:30". */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

let knownZones: Map<string, string> | undefined;
/** The runtime's zone list by lower-case name (empty where Intl.supportedValuesOf is missing). */
function zoneSpellings(): Map<string, string> {
  if (!knownZones) {
    const list = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
    knownZones = new Map(list.map((z) => [z.toLowerCase(), z]));
  }
  return knownZones;
}

/**
 * The zone as it will be stored, or null when it is not an IANA zone the runtime knows. The runtime's
 * own spelling fixes the case ("asia/tokyo" → "Asia/Tokyo"); a valid name it lists under another
 * alias (Asia/Kolkata vs Asia/Calcutta) is kept as given, because resolvedOptions() would rename it.
 */
export function canonicalZone(zone: unknown): string | null {
  if (typeof zone !== "string" || !zone || zone.length > 64 || !IANA_NAME.test(zone)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return null;
  }
  return zoneSpellings().get(zone.toLowerCase()) ?? zone;
}

/** Is `zone` an IANA zone the runtime knows (Intl, so DST rules come with the runtime)? */
export function isTimeZone(zone: unknown): zone is string {
  return canonicalZone(zone) !== null;
}

export const zoneOr = (zone: string | null | undefined, fallback = FALLBACK_ZONE) => (isTimeZone(zone) ? zone : fallback);

/**
 * The zone a mentor who has not chosen one is read in: the product is priced in rupees and its mentors
 * are mostly in India (ADR 0017), so their slots, notices and months fall on India's days, not UTC's.
 * A mentee without a zone is read in UTC (`zoneOr`), because mentees are everywhere.
 */
export const MENTOR_DEFAULT_ZONE = "Asia/Kolkata";

/** A mentor's zone, or India's when he has none (MENTOR_DEFAULT_ZONE). */
export const mentorZoneOrDefault = (zone: string | null | undefined) => zoneOr(zone, MENTOR_DEFAULT_ZONE);

// English keeps the SPEC's formats exactly ("March 9th 2026", "9:30 pm"); another language gets its own
// words and order through Intl ("9 मार्च 2026"), in the app's language (shared/display-locale.ts) unless named.

const intlDate = (instant: Date | string | number, zone: string, locale: Locale, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(`${locale}-IN`, { ...options, timeZone: zone }).format(new Date(instant));

/**
 * One English formatter per zone, kept: the SPEC's "March 9th 2026" and "9:30 pm" are assembled from its
 * parts. Intl carries the zone rules, and a kept formatter costs a fraction of the dayjs zone plugin,
 * which mattered when a wave of reminders formats thousands of times in one batch (ADR 0034).
 */
const englishFormatters = new Map<string, Intl.DateTimeFormat>();
function englishParts(
  instant: Date | string | number,
  zone: string,
): Record<"year" | "month" | "day" | "hour" | "minute" | "dayPeriod", string> | null {
  const date = toInstant(instant);
  if (Number.isNaN(date.getTime())) return null;
  let formatter = englishFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
    });
    englishFormatters.set(zone, formatter);
  }
  const parts = { year: "", month: "", day: "", hour: "", minute: "", dayPeriod: "" };
  for (const part of formatter.formatToParts(date)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return parts;
}

/** "March 9th 2026" in the zone. */
export function formatDate(instant: Date | string | number, zone: string, locale: Locale = getDisplayLocale()): string {
  if (locale !== DEFAULT_LOCALE) return intlDate(instant, zone, locale, { day: "numeric", month: "long", year: "numeric" });
  const parts = englishParts(instant, zone);
  return parts ? `${parts.month} ${ordinal(Number(parts.day))} ${parts.year}` : "Invalid Date";
}
/** "9:30 pm" in the zone. */
export function formatTime(instant: Date | string | number, zone: string, locale: Locale = getDisplayLocale()): string {
  if (locale !== DEFAULT_LOCALE) return intlDate(instant, zone, locale, { hour: "numeric", minute: "2-digit" });
  const parts = englishParts(instant, zone);
  return parts ? `${parts.hour}:${parts.minute} ${parts.dayPeriod.toLowerCase()}` : "Invalid Date";
}
/** "March 9th 2026, 9:30 pm (Asia/Kolkata)": the zone is named. */
export const formatWhen = (instant: Date | string | number, zone: string, locale: Locale = getDisplayLocale()) =>
  `${formatDate(instant, zone, locale)}, ${formatTime(instant, zone, locale)} (${preferredZone(zone)})`;

const ENGLISH_WHEN = /^(\w+) (\d{1,2})(?:st|nd|rd|th) (\d{4}), (\d{1,2}):(\d{2}) ([ap]m) \(([^()]+)\)$/;

/**
 * The instant and zone of an English `formatWhen` text ("March 9th 2026, 9:30 pm (Asia/Kolkata)"), or null:
 * the Worker's stored sentences carry it, and another language shows it in its own words (ADR 0027).
 */
export function parseWhen(text: string): { instant: Date; zone: string } | null {
  const match = ENGLISH_WHEN.exec(text);
  if (!match) return null;
  const [, monthName, day, year, hour, minute, half, zone] = match;
  const month = MONTHS.indexOf(monthName);
  if (month < 0 || !isTimeZone(zone)) return null;
  const hours = (Number(hour) % 12) + (half === "pm" ? 12 : 0);
  const pad = (n: number | string) => String(n).padStart(2, "0");
  return { instant: zonedInstant(`${year}-${pad(month + 1)}-${pad(day)}`, `${pad(hours)}:${minute}`, zone), zone };
}

/** An English `formatWhen` text in another language's words ("9 मार्च 2026, 9:30 pm (…)"), or null when the text is not one or the locale is English. */
export function rewriteWhen(text: string, locale: Locale): string | null {
  const when = locale === DEFAULT_LOCALE ? null : parseWhen(text);
  return when ? formatWhen(when.instant, when.zone, locale) : null;
}

/**
 * A date or time as a screen writes it: in English by its pattern ("ddd, MMM D, h:mm a", see formatPattern); in another
 * language by Intl with the matching fields. In `zone`, or the viewer's own when none is named. A date without a time
 * ("2026-03-09") is that day where the viewer is.
 */
export function formatIn(
  instant: Date | string | number,
  englishPattern: string,
  fields: Intl.DateTimeFormatOptions,
  zone?: string,
  locale: Locale = getDisplayLocale(),
): string {
  if (locale === DEFAULT_LOCALE) return formatPattern(instant, englishPattern, zone);
  return new Intl.DateTimeFormat(`${locale}-IN`, { ...fields, ...(zone ? { timeZone: zone } : {}) }).format(toInstant(instant));
}

/**
 * The UTC instant of a wall-clock date and time ("2026-03-09", "09:30") in a zone; DST-correct. A time the clocks
 * skipped (2:30 am on a spring-forward night) is read forward (3:30 am, the new offset); a time they passed twice is
 * its first occurrence. The offsets on either side of the day come from Intl, which carries the zone rules.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const wall = WALL_TEXT.exec(`${date} ${time}`);
  if (!wall) return new Date(Number.NaN);
  const [, year, month, day, hour, minute, second] = wall;
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
  const offsets = [...new Set([zoneOffsetMinutes(asUtc - HALF_DAY_MS, zone), zoneOffsetMinutes(asUtc + HALF_DAY_MS, zone)])];
  const fits = offsets.map((offset) => asUtc - offset * 60_000).filter((at) => zoneOffsetMinutes(at, zone) * 60_000 === asUtc - at);
  return new Date(fits.length > 0 ? Math.min(...fits) : asUtc - Math.min(...offsets) * 60_000);
}
const WALL_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;
const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/**
 * Today's IANA names of zones that ICU (and so Intl.supportedValuesOf and resolvedOptions in Chromium
 * and Node) still lists under their old alias. Shown and stored by today's name, so one place never says
 * "Asia/Calcutta" while another says "Asia/Kolkata". Both names work with Intl either way.
 */
const CURRENT_NAMES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Mendoza": "America/Argentina/Mendoza",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
};

/** The zone by today's IANA name ("Asia/Calcutta" → "Asia/Kolkata"); any other name as given. */
export const preferredZone = (zone: string): string => CURRENT_NAMES[zone] ?? zone;

/** A short zone label: "Asia/Kolkata (GMT+5:30)", "America/New York (GMT-4)", the offset as of `at` (so it follows DST). */
export function zoneLabel(zone: string, at: Date | string | number = new Date()): string {
  const [, sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(formatPattern(at, "Z", zone)) ?? [];
  const offset = !sign || (hours === "00" && minutes === "00") ? "" : `${sign}${Number(hours)}${minutes === "00" ? "" : `:${minutes}`}`;
  return `${preferredZone(zone).replace(/_/g, " ")} (GMT${offset})`;
}

/**
 * How one party sees a session's start: date and time in their zone; when the other party's zone
 * differs, both lines name their zone and the other party's local time is given too.
 */
export function slotTimeLabels(
  start: Date | string | number,
  zone: string,
  otherZone?: string | null,
): { mine: string; theirs: string | null } {
  const differs = Boolean(otherZone) && otherZone !== zone;
  const at = (z: string) => `${formatDate(start, z)}, ${formatTime(start, z)}`;
  if (!differs) return { mine: at(zone), theirs: null };
  return { mine: `${at(zone)} · ${zoneLabel(zone, start)}`, theirs: `${at(otherZone!)} · ${zoneLabel(otherZone!, start)}` };
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export const dayKey = (instant: Date | string | number, zone: string) => formatPattern(instant, "YYYY-MM-DD", zone);

/** The fields of "Mon, Mar 9, 2:30 pm" and "Monday, March 9, 2:30 pm" for formatIn. */
export const WEEKDAY_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
export const LONG_WEEKDAY_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
