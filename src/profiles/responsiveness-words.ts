import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/**
 * A mentor's reply time, last activity and a mentee's wait, in the reader's language (ADR 0027): the
 * same coarse words as shared/reply-time.ts, shared/last-active.ts and shared/reply-wait.ts, whose
 * English the Worker keeps for its own sentences. A hook, so the Worker's drawing of a profile (which
 * has a Lingui instance per request, never the global one) speaks the page's language.
 */
export function useResponsivenessWords() {
  const { t } = useLingui();
  const replyTime = (minutes: number): string => {
    if (minutes <= 10) return t`Usually replies within minutes`;
    if (minutes <= 60) return t`Usually replies within an hour`;
    if (minutes <= 24 * 60) {
      const hours = Math.ceil(minutes / 60);
      return t`Usually replies within ${hours} hours`;
    }
    const days = Math.ceil(minutes / (24 * 60));
    return t`Usually replies within ${plural(days, { one: "# day", other: "# days" })}`;
  };
  const lastActive = (days: number): string => {
    if (days < 1) return t`Active today`;
    if (days < 2) return t`Active yesterday`;
    if (days < 7) return t`Active ${days} days ago`;
    if (days < 30) {
      const weeks = Math.floor(days / 7);
      return t`Active ${plural(weeks, { one: "# week", other: "# weeks" })} ago`;
    }
    return t`Active over a month ago`;
  };
  /** The same, without "Active" (a moderator's card: "Last active: 3 days ago"). */
  const lastSeen = (days: number): string => {
    if (days < 1) return t`today`;
    if (days < 2) return t`yesterday`;
    if (days < 7) return t`${days} days ago`;
    if (days < 30) {
      const weeks = Math.floor(days / 7);
      return t`${plural(weeks, { one: "# week", other: "# weeks" })} ago`;
    }
    return t`over a month ago`;
  };
  /** How long someone has waited, coarsely: "3 days", "3 days 5 hours", "20 hours". */
  const wait = (hoursWaited: number): string => {
    const hours = Math.max(0, Math.floor(hoursWaited));
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    if (days === 0) return t`${plural(hours, { one: "# hour", other: "# hours" })}`;
    if (!rest) return t`${plural(days, { one: "# day", other: "# days" })}`;
    return t`${plural(days, { one: "# day", other: "# days" })} ${plural(rest, { one: "# hour", other: "# hours" })}`;
  };
  return { replyTime, lastActive, lastSeen, wait };
}
