import { MessageCircle } from "lucide-react";
import { replyTimeLabel } from "../../shared/reply-time";
import { lastActiveLabel } from "../../shared/last-active";

/**
 * On a mentor's profile (issue 26): "Usually replies within 3 hours · Active today", from real chat
 * reply times and his last activity, both coarse. Nothing when neither is known yet.
 */
export function MentorResponsiveness({ typicalReplyMinutes, lastActiveDaysAgo }: { typicalReplyMinutes: number | null; lastActiveDaysAgo: number | null }) {
  const text = [typicalReplyMinutes === null ? "" : replyTimeLabel(typicalReplyMinutes), lastActiveDaysAgo === null ? "" : lastActiveLabel(lastActiveDaysAgo)].filter(Boolean).join(" · ");
  if (!text) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  );
}
