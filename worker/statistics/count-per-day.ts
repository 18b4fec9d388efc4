/** How many days the daily charts show (the mentor's dashboard and the moderator's home). */
export const STATISTICS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The latest `count` calendar days in `timeZone`, oldest first, ending today. */
export function latestDays(timeZone: string, now: Date, count = STATISTICS_DAYS): string[] {
  const [y, m, d] = dayIn(timeZone, now).split("-").map(Number);
  const today = Date.UTC(y, m - 1, d);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The earliest instant a chart needs to read: a little more than its days back, since the oldest
 * day of the window may start up to 14 hours before its UTC day. Rows read too early fall outside
 * the window and are not counted.
 */
export const readFrom = (now: Date, count = STATISTICS_DAYS) => new Date(now.getTime() - (count + 1) * DAY_MS);

/**
 * Events per calendar day of `timeZone` over the latest `count` days, oldest first, days without
 * events as zeros. Every daily chart counts through here, so two charts over the same events and
 * zone cannot disagree on a day.
 */
export function countPerDay(instants: Date[], timeZone: string, now: Date, count = STATISTICS_DAYS): { date: string; count: number }[] {
  const days = latestDays(timeZone, now, count);
  const counts = new Map(days.map((day) => [day, 0]));
  for (const at of instants) {
    const day = dayIn(timeZone, at);
    if (counts.has(day)) counts.set(day, counts.get(day)! + 1);
  }
  return days.map((date) => ({ date, count: counts.get(date)! }));
}
