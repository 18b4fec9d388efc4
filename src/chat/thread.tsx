import { Trans, useLingui } from "@lingui/react/macro";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { setOpenConversation } from "@/chat/chat-focus";
import { dayLabel, mergeThread, startsNewDay } from "@/chat/chat-thread";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { Composer } from "./composer";
import { type ChatSide, INBOX } from "./inbox-paths";
import { MessageBubble } from "./message-bubble";
import { useMessageSender } from "./use-message-sender";

const PAGE = 30;

/** The open conversation: header, the messages as a log region (oldest to newest, by day, "load earlier"), and the composer. */
export function Thread({ side, conversationId }: { side: ChatSide; conversationId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const conversation = useQuery(trpc.chat.conversation.queryOptions({ conversationId }));
  const threadInput = { conversationId, limit: PAGE };
  const pages = useInfiniteQuery(
    trpc.chat.messages.infiniteQueryOptions(threadInput, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const { pending, onSend, retry } = useMessageSender(threadInput);
  const items = mergeThread(pages.data?.pages ?? [], pending);

  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.chat.unread.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  }, [queryClient, trpc]);

  // Opening the conversation, and every new message while it is on screen, marks it read.
  const markRead = useMutation(
    trpc.chat.markRead.mutationOptions({ onSuccess: ({ marked }) => (marked > 0 ? refreshCounts() : undefined) }),
  );
  const newestFromOther = [...items].reverse().find((i) => i.kind === "held" && i.message.sender.senderType !== side)?.message as
    | { id: string }
    | undefined;
  const newestFromOtherId = newestFromOther?.id;
  const { mutate: markReadNow } = markRead;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message from the other person (newestFromOtherId) marks the conversation read again
  useEffect(() => {
    setOpenConversation(conversationId);
    const mark = () => {
      if (document.visibilityState === "visible") markReadNow({ conversationId });
    };
    mark();
    window.addEventListener("focus", mark);
    return () => {
      window.removeEventListener("focus", mark);
      setOpenConversation(null);
    };
  }, [conversationId, newestFromOtherId, markReadNow]);

  // Scrolling: stay at the newest message as messages arrive (when already there), keep the view still when earlier ones load.
  const scroller = useRef<HTMLDivElement>(null);
  const shape = useRef({ first: "", last: "", height: 0, atBottom: true });
  const firstKey = items[0] ? (items[0].kind === "held" ? items[0].message.id : items[0].message.clientId) : "";
  const lastItem = items.at(-1);
  const lastKey = lastItem ? (lastItem.kind === "held" ? lastItem.message.id : lastItem.message.clientId) : "";
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = shape.current;
    if (before.first && firstKey !== before.first && lastKey === before.last) el.scrollTop += el.scrollHeight - before.height;
    else if (lastKey !== before.last && (before.atBottom || lastItem?.kind === "pending")) el.scrollTop = el.scrollHeight;
    shape.current = {
      first: firstKey,
      last: lastKey,
      height: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 80,
    };
  }, [firstKey, lastKey, lastItem?.kind]);
  // The thread or the screen changes size (a message wraps once the width settles, the composer grows, a phone's
  // keyboard opens): a reader at the newest message stays there.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (shape.current.atBottom) el.scrollTop = el.scrollHeight;
      shape.current = { ...shape.current, height: el.scrollHeight };
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = scroller.current;
    if (el) shape.current = { ...shape.current, height: el.scrollHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 80 };
  };

  const other = conversation.data?.other;
  const otherName = other?.name;
  const notFound = apiError(conversation.error)?.status === 404 || apiError(pages.error)?.status === 404;
  if (notFound) {
    return (
      <div role="alert" className="grid gap-3 p-6">
        <p className="text-slate-700">
          <Trans>This conversation does not exist or is not yours.</Trans>
        </p>
        <Link to={INBOX[side]} className="text-indigo-700 underline-offset-2 hover:underline">
          <Trans>Back to conversations</Trans>
        </Link>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={INBOX[side]} aria-label={t`Back to conversations`}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        {other ? (
          <>
            <Avatar src={other.profileImageUrl} name={other.name} alt="" className="size-9 text-sm" />
            <h2 className="truncate font-semibold text-slate-900">{other.name}</h2>
          </>
        ) : (
          <Skeleton className="h-6 w-40" />
        )}
      </header>
      {/* relative: the messages' screen-reader words ("You: ") are placed inside the scroller, not past the page's end. */}
      <div ref={scroller} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-y-auto overflow-x-hidden px-3 py-3">
        <div ref={content}>
          {pages.isPending ? (
            <div role="status" aria-label={t`Loading messages`} className="grid gap-3">
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="ml-auto h-10 w-1/2" />
            </div>
          ) : pages.isError ? (
            <LoadError what={t`the messages`} onRetry={() => void pages.refetch()} />
          ) : (
            <>
              {pages.hasNextPage ? (
                <div className="mb-3 flex justify-center">
                  <Button variant="outline" size="sm" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                    {pages.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load earlier messages</Trans>}
                  </Button>
                </div>
              ) : null}
              <div
                role="log"
                aria-live="polite"
                aria-relevant="additions"
                aria-label={otherName !== undefined ? t`Messages with ${otherName}` : t`Messages`}
                className="grid gap-2"
              >
                {items.length === 0 ? (
                  <p className="py-8 text-center text-sm text-slate-600">
                    <Trans>No messages yet. Say hello!</Trans>
                  </p>
                ) : null}
                {items.map((item, index) => {
                  const previous = items[index - 1]?.message.createdAt;
                  const key = item.kind === "held" ? item.message.id : item.message.clientId;
                  const own = item.kind === "pending" || item.message.sender.senderType === side;
                  return (
                    <Fragment key={key}>
                      {startsNewDay(previous, item.message.createdAt) ? (
                        <div
                          role="separator"
                          aria-label={dayLabel(item.message.createdAt)}
                          className="my-2 flex items-center gap-3 text-xs text-slate-500"
                        >
                          <span className="h-px flex-1 bg-slate-200" />
                          {dayLabel(item.message.createdAt)}
                          <span className="h-px flex-1 bg-slate-200" />
                        </div>
                      ) : null}
                      <MessageBubble item={item} own={own} onRetry={item.kind === "pending" ? () => retry(item.message) : undefined} />
                    </Fragment>
                  );
                })}
              </div>
            </>
          )}
        </div>
      </div>
      <Composer onSend={onSend} disabled={other?.isBlocked} />
      {other?.isBlocked ? (
        <p className="px-3 pb-2 text-xs text-slate-600">
          <Trans>{otherName}'s account is blocked; messages cannot be sent.</Trans>
        </p>
      ) : null}
    </div>
  );
}
