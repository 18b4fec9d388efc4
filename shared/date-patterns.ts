import { type Wall, wallOf, zoneOffsetMinutes } from "./wall-clock";

/**
 * English dates written by pattern ("MMMM Do YYYY", "ddd, MMM D, h:mm a"), built from Intl's parts in a zone, and the
 * one way a text becomes an instant. The SPEC's formats were first written in these tokens; they stay the screens' and
 * mails' English (ADR 0034). Other languages go through Intl with fields instead (shared/zoned-time.ts).
 */

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: English ordinals. */
export function ordinal(day: number): string {
  const suffixes = ["th", "st", "nd", "rd"];
  const lastTwo = day % 100;
  return `${day}${suffixes[(lastTwo - 20) % 10] ?? suffixes[lastTwo] ?? suffixes[0]}`;
}

/**
 * An instant from what callers hand over: a Date, milliseconds, or a text. An ISO text with "Z" or an offset is that
 * instant; a date or date and time without one ("2026-03-09", "2026-03-09T10:00") is that wall time where the code
 * runs (the viewer's zone in the browser), as the SPA's texts of days and months always meant.
 */
export function toInstant(value: Date | string | number): Date {
  if (typeof value !== "string") return new Date(value instanceof Date ? value.getTime() : value);
  const local = /Z$/i.test(value) ? null : LOCAL_TEXT.exec(value);
  if (!local) return new Date(value);
  const [, year, month, day, hour, minute, second, fraction] = local;
  const n = (text: string | undefined, fallback = 0) => (text ? Number(text) : fallback);
  return new Date(n(year), n(month, 1) - 1, n(day, 1), n(hour), n(minute), n(second), Number((fraction ?? "0").slice(0, 3)));
}
const LOCAL_TEXT = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const offsetText = (minutes: number, separator: string) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${separator}${pad(Math.abs(minutes) % 60)}`;

const PATTERN_TOKENS = /\[([^\]]+)]|Do|Y{4}|Y{2}|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}/g;
function tokenText(token: string, w: Wall, offset: () => number): string {
  const hour12 = w.hour % 12 || 12;
  switch (token) {
    case "YYYY":
      return pad(w.year, 4);
    case "YY":
      return String(w.year).slice(-2);
    case "M":
      return String(w.month);
    case "MM":
      return pad(w.month);
    case "MMM":
      return MONTHS[w.month - 1].slice(0, 3);
    case "MMMM":
      return MONTHS[w.month - 1];
    case "D":
      return String(w.day);
    case "DD":
      return pad(w.day);
    case "Do":
      return ordinal(w.day);
    case "d":
      return String(w.weekday);
    case "dd":
      return WEEKDAY_NAMES[w.weekday].slice(0, 2);
    case "ddd":
      return WEEKDAY_NAMES[w.weekday].slice(0, 3);
    case "dddd":
      return WEEKDAY_NAMES[w.weekday];
    case "H":
      return String(w.hour);
    case "HH":
      return pad(w.hour);
    case "h":
      return String(hour12);
    case "hh":
      return pad(hour12);
    case "a":
      return w.hour < 12 ? "am" : "pm";
    case "A":
      return w.hour < 12 ? "AM" : "PM";
    case "m":
      return String(w.minute);
    case "mm":
      return pad(w.minute);
    case "s":
      return String(w.second);
    case "ss":
      return pad(w.second);
    case "Z":
      return offsetText(offset(), ":");
    case "ZZ":
      return offsetText(offset(), "");
    default:
      return token;
  }
}

/**
 * An instant written by an English pattern, in `zone` (the runtime's own when none is named): YYYY, YY, M, MM, MMM,
 * MMMM, D, DD, Do ("9th"), d, dd, ddd, dddd, H, HH, h, hh, a ("pm"), A, m, mm, s, ss, Z ("+05:30"), ZZ, and [literal
 * text]. The tokens are the ones the SPEC's formats were first written in ("MMMM Do YYYY", "h:mm a"), built here from
 * Intl's parts (ADR 0034).
 */
export function formatPattern(instant: Date | string | number, pattern: string, zone?: string): string {
  const date = toInstant(instant);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  const wall = wallOf(date, zone);
  const offset = () => (zone ? zoneOffsetMinutes(date, zone) : -date.getTimezoneOffset());
  return pattern.replace(PATTERN_TOKENS, (token, literal: string | undefined) => literal ?? tokenText(token, wall, offset));
}
