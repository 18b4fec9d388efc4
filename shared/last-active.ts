/**
 * A mentor's "last active" (ADR 0026): written at most hourly by the Worker, shown coarsely, in days,
 * on his profile and to moderators. Pure: no clock of its own.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A mentor's last activity is written at most once per this long. */
export const LAST_ACTIVE_EVERY_MS = HOUR;

/** Whole days between an instant and now (0 within the last 24 hours); never negative. */
export function daysAgo(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / DAY));
}

/** "Active today", "Active yesterday", "Active 3 days ago", "Active 2 weeks ago", "Active over a month ago": never an exact time. */
export function lastActiveLabel(days: number): string {
  if (days < 1) return "Active today";
  if (days < 2) return "Active yesterday";
  if (days < 7) return `Active ${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return `Active ${weeks} week${weeks === 1 ? "" : "s"} ago`;
  }
  return "Active over a month ago";
}
