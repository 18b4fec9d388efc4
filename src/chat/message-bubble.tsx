import { Trans, useLingui } from "@lingui/react/macro";
import type { ThreadItem } from "@/chat/chat-thread";
import { clockTime } from "@/platform/dates";
import { cn } from "@/ui/class-names";
import { Button } from "../ui/button";
import { LinkedText } from "./linked-text";

/** One message as text with its web addresses as links (React escapes it; no HTML is ever rendered), with its time or sending state. */
export function MessageBubble({ item, own, onRetry }: { item: ThreadItem; own: boolean; onRetry?: () => void }) {
  const { t } = useLingui();
  const { content, createdAt } = item.message;
  const failed = item.kind === "pending" && item.message.status === "failed";
  const who = own ? t`You` : item.kind === "held" ? item.message.sender.senderId.firstName : "";
  return (
    <div className={cn("flex", own ? "justify-end" : "justify-start")}>
      {/* min-w-0 and overflow-wrap:anywhere: one 4,000-character word or URL wraps inside the bubble instead of widening the thread. */}
      <div className={cn("grid min-w-0 max-w-[85%] gap-1 sm:max-w-[70%]", own ? "justify-items-end" : "justify-items-start")}>
        <p
          className={cn(
            "min-w-0 max-w-full whitespace-pre-wrap break-words wrap-anywhere rounded-2xl px-3 py-2 text-sm",
            own ? "rounded-br-sm" : "rounded-bl-sm",
            failed ? "bg-red-50 text-red-900 ring-1 ring-red-300" : own ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-900",
            item.kind === "pending" && !failed && "opacity-70",
          )}
        >
          <span className="sr-only">{who}: </span>
          {/* A message of a deleted account keeps its place without its text (ADR 0042). */}
          {content === "" && item.kind === "held" ? (
            <em>{t`Message removed: its author deleted their account`}</em>
          ) : (
            <LinkedText text={content} linkClassName="underline underline-offset-2" />
          )}
        </p>
        <p className="flex items-center gap-2 text-xs text-slate-500">
          {item.kind === "held" ? (
            <time dateTime={createdAt}>{clockTime(createdAt)}</time>
          ) : failed ? (
            <>
              <span className="text-red-700">
                <Trans>Not sent.</Trans>
              </span>
              <Button type="button" variant="link" size="inline" onClick={onRetry}>
                <Trans>Retry</Trans>
              </Button>
            </>
          ) : (
            <span>
              <Trans>Sending...</Trans>
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
