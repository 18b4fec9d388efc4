/**
 * Responsive mentors (issue 26): how a mentor's reply time and last activity are shown, and the
 * thresholds the Worker's rules use. Shared by the Worker (profiles, the reminder job, the
 * moderator's list) and the SPA (profile, cards, the moderator home). Pure: no clock of its own.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A reply time is shown only once it is drawn from at least this many replies. */
export const MIN_REPLIES_SHOWN = 3;
/** A mentor's last activity is written at most once per this long. */
export const LAST_ACTIVE_EVERY_MS = HOUR;
/** A subscriber who has waited this long for an answer is "waiting": the mentor is reminded, moderators see it. */
export const REPLY_WAIT_MS = 72 * HOUR;
/** Search's tie-breaker: a mentor counts as responsive with an average reply within this (and enough replies). */
export const RESPONSIVE_WITHIN_MS = DAY;

/** The average reply in whole minutes (at least 1), or null when it rests on too few replies to be shown. */
export function shownReplyMinutes(replies: number | null, replyMsSum: number | null): number | null {
  if (!replies || replies < MIN_REPLIES_SHOWN || replyMsSum === null) return null;
  return Math.max(1, Math.round(replyMsSum / replies / MINUTE));
}

/** "Usually replies within minutes / within an hour / within 5 hours / within 2 days" (rounded up: a promise, not a boast). */
export function replyTimeLabel(minutes: number): string {
  if (minutes <= 10) return "Usually replies within minutes";
  if (minutes <= 60) return "Usually replies within an hour";
  if (minutes <= 24 * 60) return `Usually replies within ${Math.ceil(minutes / 60)} hours`;
  const days = Math.ceil(minutes / (24 * 60));
  return `Usually replies within ${days} day${days === 1 ? "" : "s"}`;
}

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

/** How long someone has waited, coarsely: "3 days", "3 days 5 hours", "20 hours". */
export function waitLabel(ms: number): string {
  const hours = Math.max(0, Math.floor(ms / HOUR));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days === 0) return plural(hours, "hour");
  return rest ? `${plural(days, "day")} ${plural(rest, "hour")}` : plural(days, "day");
}
