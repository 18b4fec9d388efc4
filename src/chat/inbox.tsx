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
      {/*
        The inbox fills the screen below the sticky header (its height is --sticky-header) and above the zone notice's bar
        when it shows (--zone-bar), less the page's padding (4rem),
        and the title's row where it shows, so the composer sits at the bottom of the screen like a messenger's. Tracks of
        minmax(0, 1fr): a long message never widens them.
      */}
      <div
        className={cn(
          "grid min-h-[22rem] grid-cols-[minmax(0,1fr)] overflow-hidden rounded-lg border border-slate-200 bg-white md:h-[calc(100dvh-var(--sticky-header,58px)-var(--zone-bar,0px)-7.25rem)] md:grid-cols-[20rem_minmax(0,1fr)]",
          conversationId
            ? "h-[calc(100dvh-var(--sticky-header,58px)-var(--zone-bar,0px)-4rem)]"
            : "h-[calc(100dvh-var(--sticky-header,58px)-var(--zone-bar,0px)-7.25rem)]",
        )}
      >
        <nav
          aria-label={t`Conversations`}
          className={cn("relative min-h-0 overflow-y-auto border-slate-200 md:border-r", conversationId ? "hidden md:block" : "block")}
        >
          <ConversationList side={side} activeId={conversationId} />
        </nav>
        <div className={cn("min-h-0 min-w-0", conversationId ? "block" : "hidden md:flex md:items-center md:justify-center")}>
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
