import { MessageCircle } from "lucide-react";
import { useResponsivenessWords } from "@/profiles/responsiveness-words";

/**
 * On a mentor's profile (ADR 0026): "Usually replies within 3 hours · Active today", from real chat
 * reply times and his last activity, both coarse. Nothing when neither is known yet.
 */
export function MentorResponsiveness({
  typicalReplyMinutes,
  lastActiveDaysAgo,
}: {
  typicalReplyMinutes: number | null;
  lastActiveDaysAgo: number | null;
}) {
  const words = useResponsivenessWords();
  const text = [
    typicalReplyMinutes === null ? "" : words.replyTime(typicalReplyMinutes),
    lastActiveDaysAgo === null ? "" : words.lastActive(lastActiveDaysAgo),
  ]
    .filter(Boolean)
    .join(" · ");
  if (!text) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  );
}
