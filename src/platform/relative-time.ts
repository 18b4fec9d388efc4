/**
 * "3 days ago", "in an hour", "a few seconds ago": English relative times with the thresholds people know from
 * moment.js and its successors (45 seconds become "a minute", 22 hours "a day", 26 days "a month"), so the words
 * stay the ones the product has always written (ADR 0034). Days and weeks count in the runtime's own zone (a DST
 * change does not make a day 23 hours long); months and years count calendar months.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = "second" | "minute" | "hour" | "day" | "month" | "year";
/** Each step: its words, the largest rounded count it covers, and the unit it counts in (a step without one reuses the last). */
const STEPS: { words: string; upTo?: number; unit?: Unit }[] = [
  { words: "a few seconds", upTo: 44, unit: "second" },
  { words: "a minute", upTo: 89 },
  { words: "%d minutes", upTo: 44, unit: "minute" },
  { words: "an hour", upTo: 89 },
  { words: "%d hours", upTo: 21, unit: "hour" },
  { words: "a day", upTo: 35 },
  { words: "%d days", upTo: 25, unit: "day" },
  { words: "a month", upTo: 45 },
  { words: "%d months", upTo: 10, unit: "month" },
  { words: "a year", upTo: 17 },
  { words: "%d years", unit: "year" },
];

/** The same local time `months` calendar months later, on the month's last day when it is shorter. */
function addLocalMonths(at: Date, months: number): Date {
  const moved = new Date(at.getTime());
  moved.setDate(1);
  moved.setMonth(moved.getMonth() + months);
  const lastDay = new Date(moved.getFullYear(), moved.getMonth() + 1, 0).getDate();
  moved.setDate(Math.min(at.getDate(), lastDay));
  return moved;
}

/** Calendar months from `b` to `a`, with the fraction of the month around them (moment.js's monthDiff). */
function monthsBetween(a: Date, b: Date): number {
  if (a.getDate() < b.getDate()) return -monthsBetween(b, a);
  const whole = (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth());
  const anchor = addLocalMonths(a, whole).getTime();
  const before = b.getTime() - anchor < 0;
  const anchor2 = addLocalMonths(a, whole + (before ? -1 : 1)).getTime();
  return -(whole + (b.getTime() - anchor) / (before ? anchor - anchor2 : anchor2 - anchor)) || 0;
}

function difference(at: Date, from: Date, unit: Unit): number {
  const ms = at.getTime() - from.getTime();
  const zoneDelta = (from.getTimezoneOffset() - at.getTimezoneOffset()) * MINUTE;
  if (unit === "second") return ms / SECOND;
  if (unit === "minute") return ms / MINUTE;
  if (unit === "hour") return ms / HOUR;
  if (unit === "day") return (ms - zoneDelta) / DAY;
  const months = monthsBetween(at, from);
  return unit === "month" ? months : months / 12;
}

/** `instant` told from `now` in English words: "3 days ago", "in 2 hours". */
export function englishFromNow(instant: Date, now: Date): string {
  let result = 0;
  let words = "";
  let count = 0;
  for (let i = 0; i < STEPS.length; i++) {
    const step = STEPS[i];
    if (step.unit) result = difference(instant, now, step.unit);
    count = Math.round(Math.abs(result));
    if (step.upTo === undefined || count <= step.upTo) {
      words = (count <= 1 && i > 0 ? STEPS[i - 1] : step).words;
      break;
    }
  }
  const text = words.replace("%d", String(count));
  return result > 0 ? `in ${text}` : `${text} ago`;
}
