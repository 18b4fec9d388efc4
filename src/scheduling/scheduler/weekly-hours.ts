/** The weekly hours editor's model (ADR 0023): seven rows Monday..Sunday, each with its ranges, checked like the server does. */

import { msg } from "@lingui/core/macro";
import { i18n } from "@/platform/i18n";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { DAY_NAMES, minutesOf, type WeeklyRange, weeklyHoursProblem } from "../../../shared/weekly-hours";

export { DAY_NAMES, type WeeklyRange };
export type Range = { start: string; end: string };
export type DayRow = { day: number; available: boolean; ranges: Range[] };

/** Monday first, as the calendar shows the week; day numbers are the server's (0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5];

/** The days' names in the reader's language, by the server's day numbers (0 = Sunday), as DAY_NAMES. */
const DAY_LABELS = [msg`Sunday`, msg`Monday`, msg`Tuesday`, msg`Wednesday`, msg`Thursday`, msg`Friday`, msg`Saturday`];
export const dayName = (day: number) => i18n._(DAY_LABELS[day]);

/** A new range when a day is switched on or gets another one. */
export const DEFAULT_RANGE: Range = { start: "09:00", end: "17:00" };

const minutes = (hhmm: string) => minutesOf(hhmm) ?? Number.NaN;

export function rowsFrom(weeklyHours: readonly WeeklyRange[]): DayRow[] {
  return WEEK_ORDER.map((day) => {
    const ranges = weeklyHours
      .filter((r) => r.day === day)
      .map(({ start, end }) => ({ start, end }))
      .sort((a, b) => minutes(a.start) - minutes(b.start));
    return { day, available: ranges.length > 0, ranges };
  });
}

/** What Save sends: the available days' ranges. */
export const weeklyHoursOf = (rows: readonly DayRow[]): WeeklyRange[] =>
  rows.filter((r) => r.available).flatMap((r) => r.ranges.map((range) => ({ day: r.day, ...range })));

/**
 * The problem with one day's ranges, in words a person can act on, or null: the server's rules (each
 * range ends after it starts, lasts at least one hour, on quarter hours, no two overlap).
 */
export function dayProblem(row: DayRow): string | null {
  if (!row.available) return null;
  const name = dayName(row.day);
  if (row.ranges.length === 0) return i18n._(msg`${name}: add a range or mark the day unavailable.`);
  // The server's own check (shared/weekly-hours.ts), on this day's ranges, so the message names the range (in the reader's language when the messages catalog has it).
  const problem = weeklyHoursProblem(row.ranges.map((r) => ({ day: row.day, ...r })));
  return problem === null ? null : translateServerMessage(problem);
}

/** A range to add after the day's last one: an hour after it ends, or the default. */
export function nextRange(ranges: readonly Range[]): Range {
  const last = ranges.at(-1);
  if (!last) return DEFAULT_RANGE;
  const from = minutes(last.end) + 60;
  if (Number.isNaN(from) || from + 60 > 24 * 60) return DEFAULT_RANGE;
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return { start: at(from), end: at(Math.min(from + 120, 24 * 60 - 15)) };
}

/** "Copy to all weekdays": Monday..Friday get this day's ranges and are marked available. */
export const copyToWeekdays = (rows: readonly DayRow[], from: DayRow): DayRow[] =>
  rows.map((r) => (WEEKDAYS.includes(r.day) ? { ...r, available: from.ranges.length > 0, ranges: from.ranges.map((x) => ({ ...x })) } : r));

/** The earliest start of the week, for the calendar's first scroll position ("HH:mm:ss"): an hour before it, 08:00 without hours. */
export function scrollTimeFor(weeklyHours: readonly WeeklyRange[] | undefined): string {
  const starts = (weeklyHours ?? []).map((r) => minutes(r.start)).filter((m) => !Number.isNaN(m));
  if (starts.length === 0) return "08:00:00";
  const m = Math.max(0, Math.min(...starts) - 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00`;
}
