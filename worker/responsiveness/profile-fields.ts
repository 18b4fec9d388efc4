import { sql } from "drizzle-orm";
import { daysAgo } from "../../shared/last-active";
import { shownReplyMinutes } from "../../shared/reply-time";

/**
 * What a mentor's profile says about his responsiveness (ADR 0026), read in the profile's own
 * statement (no round trip of its own): the reply stats kept by the trigger of migration 0013, and
 * his last activity, coarsened here so the exact time never leaves the Worker.
 */
export type Responsiveness = {
  /** Average chat reply in minutes; null until it rests on enough replies (MIN_REPLIES_SHOWN). */
  typicalReplyMinutes: number | null;
  /** Whole days since he was last active (0: within the last day); null when never seen. */
  lastActiveDaysAgo: number | null;
};

// Written out in full, like skillsJson: in a one-table select drizzle leaves columns unqualified.
export const replyStatsColumns = {
  replies: sql<number | null>`(select replies from mentor_reply_stats where mentor_id = "mentors"."id")`,
  replyMsSum: sql<number | null>`(select reply_ms_sum from mentor_reply_stats where mentor_id = "mentors"."id")`,
};

export function responsivenessOf(
  stats: { replies: number | null; replyMsSum: number | null },
  lastActiveAt: Date | null,
  now: Date,
): Responsiveness {
  return {
    typicalReplyMinutes: shownReplyMinutes(stats.replies, stats.replyMsSum),
    lastActiveDaysAgo: lastActiveAt ? daysAgo(lastActiveAt.getTime(), now.getTime()) : null,
  };
}
