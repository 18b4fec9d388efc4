/**
 * A mentor's chat reply time (ADR 0026), from the stats a trigger keeps (migration 0013): as profiles
 * and cards show it, and the threshold search's tie-breaker uses. Kept small: every public page's
 * first script carries it (the cards). The last activity is shared/last-active.ts, waits shared/reply-wait.ts.
 */

const MINUTE = 60 * 1000;

/** A reply time is shown only once it is drawn from at least this many replies. */
export const MIN_REPLIES_SHOWN = 3;

/** Search's tie-breaker: a mentor counts as responsive with an average reply within this (and enough replies). */
export const RESPONSIVE_WITHIN_MS = 24 * 60 * MINUTE;

/** An average reply time in whole minutes, at least 1. */
export const replyMinutes = (averageMs: number) => Math.max(1, Math.round(averageMs / MINUTE));

/** The average reply in whole minutes (at least 1), or null when it rests on too few replies to be shown. */
export function shownReplyMinutes(replies: number | null, replyMsSum: number | null): number | null {
  if (!replies || replies < MIN_REPLIES_SHOWN || replyMsSum === null) return null;
  return replyMinutes(replyMsSum / replies);
}

/** "Usually replies within minutes / within an hour / within 5 hours / within 2 days" (rounded up: a promise, not a boast). */
export function replyTimeLabel(minutes: number): string {
  if (minutes <= 10) return "Usually replies within minutes";
  if (minutes <= 60) return "Usually replies within an hour";
  if (minutes <= 24 * 60) return `Usually replies within ${Math.ceil(minutes / 60)} hours`;
  const days = Math.ceil(minutes / (24 * 60));
  return `Usually replies within ${days} day${days === 1 ? "" : "s"}`;
}
