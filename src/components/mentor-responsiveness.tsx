import { Clock } from "lucide-react";
import { lastActiveLabel, replyTimeLabel } from "../../shared/responsiveness";

/**
 * On a mentor's profile (issue 26): "Usually replies within 3 hours · Active today", from real chat
 * reply times and his last activity, both coarse. Nothing when neither is known yet.
 */
export function MentorResponsiveness({ typicalReplyMinutes, lastActiveDaysAgo }: { typicalReplyMinutes: number | null; lastActiveDaysAgo: number | null }) {
  const parts = [typicalReplyMinutes === null ? null : replyTimeLabel(typicalReplyMinutes), lastActiveDaysAgo === null ? null : lastActiveLabel(lastActiveDaysAgo)].filter((p): p is string => p !== null);
  if (!parts.length) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600" data-testid="mentor-responsiveness">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {parts.join(" · ")}
    </p>
  );
}
