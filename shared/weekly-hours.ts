import { addDays, dayKey, formatPattern, weekdayOf, zonedInstant } from "./zoned-time";

/**
 * A mentor's weekly hours (ADR 0023), shared by the Worker (which generates the slots) and the SPA
 * (which previews them): ranges of wall-clock time on days of the week, in one IANA zone.
 */

/** One range: day 0 is Sunday; "HH:mm" 24-hour times ("24:00" may end a range at midnight). */
export type WeeklyRange = { day: number; start: string; end: string };

/** Generated slots exist this many weeks ahead (the cron keeps the horizon rolling). */
export const HORIZON_WEEKS = 8;
export const MAX_RANGES = 30;
/** Range times are on quarter hours. */
export const STEP_MINUTES = 15;
const SLOT_MINUTES = 60;
const HOUR_MS = 60 * 60 * 1000;

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes since midnight of "HH:mm", or null when it is not a time ("24:00" is 1440). */
export function minutesOf(time: string): number | null {
  const match = HHMM.exec(time);
  if (!match) return null;
  return time === "24:00" ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

const pad = (n: number) => String(n).padStart(2, "0");
/** "HH:mm" of minutes since midnight. */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The ranges sorted by day, then start. */
export function sortedRanges(ranges: WeeklyRange[]): WeeklyRange[] {
  return [...ranges].sort((a, b) => a.day - b.day || (minutesOf(a.start) ?? 0) - (minutesOf(b.start) ?? 0));
}

/**
 * What is wrong with these weekly hours, in words a mentor can act on, or null when they are fine:
 * each range ends after it starts and is at least an hour long (a one-hour session must fit), times
 * are on quarter hours, two ranges of one day do not overlap, and there are at most MAX_RANGES.
 */
export function weeklyHoursProblem(ranges: WeeklyRange[]): string | null {
  if (ranges.length > MAX_RANGES) return `Add at most ${MAX_RANGES} ranges of weekly hours.`;
  for (const r of ranges) {
    const name = DAY_NAMES[r.day] ?? "A day";
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    if (start === null || start === 24 * 60) return `${name}: the start must be a time such as 09:00.`;
    if (end === null) return `${name}: the end must be a time such as 17:00 (24:00 for midnight).`;
    if (start % STEP_MINUTES !== 0 || end % STEP_MINUTES !== 0)
      return `${name} ${r.start}–${r.end}: use times on the quarter hour (:00, :15, :30 or :45).`;
    if (end <= start) return `${name} ${r.start}–${r.end}: the end must be after the start.`;
    if (end - start < SLOT_MINUTES) return `${name} ${r.start}–${r.end}: make it at least an hour long, so a one-hour session fits.`;
  }
  const sorted = sortedRanges(ranges);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a.day === b.day && minutesOf(b.start)! < minutesOf(a.end)!) {
      return `${DAY_NAMES[a.day]} ${a.start}–${a.end} and ${b.start}–${b.end} overlap. Join them into one range or move one.`;
    }
  }
  return null;
}

/** The one-hour starts ("HH:mm") a range gives: back to back from its start while the hour ends by the range's end. */
export function rangeStarts(range: WeeklyRange): string[] {
  const start = minutesOf(range.start);
  const end = minutesOf(range.end);
  if (start === null || end === null) return [];
  const starts: string[] = [];
  for (let m = start; m + SLOT_MINUTES <= end; m += SLOT_MINUTES) starts.push(timeOf(m));
  return starts;
}

/**
 * The one-hour slot starts (UTC milliseconds, ascending) the weekly hours give in [from, until):
 * for each calendar day in `zone`, each range of that weekday gives its starts as wall-clock times
 * of that day in the zone, converted with the zone's rules of that day (so a 09:00 London rule is
 * 09:00 London in winter and in summer). A wall time that does not exist (the hour skipped when the
 * clocks go forward) gives no slot; a wall time that happens twice (clocks going back) gives one.
 * Starts that would overlap an earlier one (possible only around a change) are dropped.
 */
export function expandWeeklyHours(ranges: WeeklyRange[], zone: string, from: number, until: number): number[] {
  if (ranges.length === 0 || until <= from) return [];
  const byDay = new Map<number, string[]>();
  for (const r of ranges) byDay.set(r.day, [...(byDay.get(r.day) ?? []), ...rangeStarts(r)]);
  // Calendar dates are walked as plain dates (UTC arithmetic), never as zoned instants, so a 23- or
  // 25-hour day cannot shift the walk; each date's wall times are then placed in the zone.
  const last = dayKey(until, zone);
  const found: number[] = [];
  for (let day = dayKey(from, zone); day <= last; day = addDays(day, 1)) {
    for (const time of byDay.get(weekdayOf(day)) ?? []) {
      const wall = `${day} ${time}`;
      const at = zonedInstant(day, time, zone);
      if (formatPattern(at, "YYYY-MM-DD HH:mm", zone) !== wall) continue; // skipped by a spring-forward change
      const ms = at.getTime();
      if (ms >= from && ms < until) found.push(ms);
    }
  }
  found.sort((a, b) => a - b);
  const starts: number[] = [];
  for (const ms of found) if (starts.length === 0 || ms >= starts[starts.length - 1] + HOUR_MS) starts.push(ms);
  return starts;
}
