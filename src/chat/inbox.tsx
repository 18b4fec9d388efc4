import { Trans, useLingui } from "@lingui/react/macro";
import { cn } from "@/ui/class-names";
import { ConversationList } from "./conversation-list";
import type { ChatSide } from "./inbox-paths";
import { Thread } from "./thread";

/**
 * The inbox (ADR 0014): the conversation list and the open thread side by side; on a narrow screen
 * (360 px) they are two steps, the list without a conversation and the thread with one.
 */
export function Inbox({ side, conversationId }: { side: ChatSide; conversationId?: string }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="inbox-title" className="grid gap-4">
      <h1 id="inbox-title" className={cn("text-2xl font-bold text-slate-900", conversationId && "sr-only md:not-sr-only")}>
        <Trans>Connect</Trans>
      </h1>
      <div className="grid h-[calc(100dvh-13rem)] min-h-[26rem] overflow-hidden rounded-lg border border-slate-200 bg-white md:grid-cols-[20rem_1fr]">
        <nav
          aria-label={t`Conversations`}
          className={cn("min-h-0 overflow-y-auto border-slate-200 md:border-r", conversationId ? "hidden md:block" : "block")}
        >
          <ConversationList side={side} activeId={conversationId} />
        </nav>
        <div className={cn("min-h-0", conversationId ? "block" : "hidden md:flex md:items-center md:justify-center")}>
          {conversationId ? (
            <Thread key={conversationId} side={side} conversationId={conversationId} />
          ) : (
            <p className="p-6 text-sm text-slate-600">
              <Trans>Choose a conversation to read and reply.</Trans>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
