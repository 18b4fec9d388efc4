/**
 * Arithmetic on calendar days written "YYYY-MM-DD" (a day key, already in someone's zone). Days are stepped as plain
 * dates, in UTC, so a 23- or 25-hour day in a zone can never shift the walk (ADR 0034).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const utcOf = (key: string): number => {
  const match = DAY_KEY.exec(key);
  if (!match) throw new RangeError(`Not a calendar day: ${key}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};
const keyOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day `days` after `key` (before, when negative). */
export const addDays = (key: string, days: number): string => keyOf(utcOf(key) + days * DAY_MS);

/** The same day of the month `months` later, or that month's last day when it is shorter (January 31st + 1 → February 28th). */
export function addMonths(key: string, months: number): string {
  const date = new Date(utcOf(key));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = daysInMonth(keyOf(target.getTime()));
  return keyOf(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), lastDay)));
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (key: string): number => new Date(utcOf(key)).getUTCDay();

/** How many days the month of `key` has. */
export function daysInMonth(key: string): number {
  const date = new Date(utcOf(key));
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

/** The instant of the day's midnight in UTC: how a day key is handed to a formatter that is told the zone "UTC". */
export const utcMidnight = utcOf;
