import { Trans, useLingui } from "@lingui/react/macro";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { setOpenConversation } from "@/chat/chat-focus";
import { mergeThread, type ThreadItem } from "@/chat/chat-thread";
import { apiError } from "@/platform/api-error";
import { useTRPC, useTRPCClient } from "@/platform/trpc";
import { Composer } from "../chat/composer";
import { INBOX } from "../chat/inbox-paths";
import { MessageBubble } from "../chat/message-bubble";
import { useMessageSender } from "../chat/use-message-sender";
import { Button } from "../ui/button";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";

const PAGE = 30;

type CallChatProps = {
  role: "mentee" | "mentor";
  otherId: string;
  otherName: string;
  open: boolean;
  onClose: () => void;
  /** How many messages from the other person arrived while the panel was closed. */
  onUnread: (count: number) => void;
  id: string;
};

const keyOf = (item: ThreadItem) => (item.kind === "held" ? item.message.id : item.message.clientId);

/**
 * The text panel of a call (ADR 0026): the pair's own chat conversation, so what is typed in the
 * call stays in their chat afterwards. It sends through chat.send (a client id per message, so a
 * retry is stored once) and shows new messages as the user room's push refetches the thread.
 */
export function CallChat({ role, otherId, otherName, open, onClose, onUnread, id }: CallChatProps) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const api = useTRPCClient();
  // Finds (or starts) the pair's conversation once; it exists for a subscriber and their mentor.
  const conversation = useQuery({
    queryKey: ["live-call-conversation", role, otherId],
    queryFn: () => api.chat.open.mutate(role === "mentee" ? { mentorId: otherId } : { menteeId: otherId }),
    staleTime: Infinity,
    retry: (count, error) => apiError(error) === null && count < 2,
  });
  const conversationId = conversation.data?.id ?? "";
  const threadInput = { conversationId, limit: PAGE };
  const pages = useInfiniteQuery({
    ...trpc.chat.messages.infiniteQueryOptions(threadInput, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    enabled: Boolean(conversationId),
  });
  const { pending, onSend, retry } = useMessageSender(threadInput);
  const items = mergeThread(pages.data?.pages ?? [], pending);
  const fromOther = items.filter((i) => i.kind === "held" && i.message.sender.senderType !== role);
  const newestFromOther = fromOther.at(-1)?.message.createdAt ?? "";

  // Unread while closed: the other's messages newer than the newest one seen with the panel open (or held when the call began).
  const [seenUpTo, setSeenUpTo] = useState<string | null>(null);
  useEffect(() => {
    if (pages.isSuccess && (open || seenUpTo === null)) setSeenUpTo(newestFromOther);
  }, [open, pages.isSuccess, newestFromOther, seenUpTo]);
  const unread = open || seenUpTo === null ? 0 : fromOther.filter((i) => i.message.createdAt > seenUpTo).length;
  useEffect(() => onUnread(unread), [unread, onUnread]);

  // Open: the conversation is on screen (no toasts for it) and its new messages are read.
  const markRead = useMutation(trpc.chat.markRead.mutationOptions());
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (!open || !conversationId) return;
    setOpenConversation(conversationId);
    if (newestFromOther) markReadNow({ conversationId });
    return () => setOpenConversation(null);
  }, [open, conversationId, newestFromOther, markReadNow]);

  // Stay at the newest message as messages arrive.
  const scroller = useRef<HTMLDivElement>(null);
  const lastKey = items.length ? keyOf(items[items.length - 1]) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last message (lastKey) scrolls to the bottom again
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && open) el.scrollTop = el.scrollHeight;
  }, [lastKey, open]);

  const refused = apiError(conversation.error);
  return (
    <section id={id} aria-label={t`Chat with ${otherName}`} hidden={!open} className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 className="font-semibold text-slate-900">
          <Trans>Chat with {otherName}</Trans>
        </h2>
        <Button variant="ghost" size="icon" aria-label={t`Close chat`} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {conversation.isPending || (conversationId && pages.isPending) ? (
          <div role="status" aria-label={t`Loading messages`} className="grid gap-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
          </div>
        ) : refused ? (
          <p role="alert" className="text-sm text-slate-700">
            {refused.message} <Trans>Talk in the call instead.</Trans>
          </p>
        ) : conversation.isError || pages.isError ? (
          <LoadError what={t`the messages`} onRetry={() => void (conversation.isError ? conversation.refetch() : pages.refetch())} />
        ) : (
          <>
            <p className="mb-3 text-xs text-slate-600">
              <Trans>Messages here stay in your chat with {otherName}.</Trans>{" "}
              {pages.hasNextPage ? (
                <a href={`${INBOX[role]}/${conversationId}`} target="_blank" rel="noopener" className="text-indigo-700 underline">
                  <Trans>Earlier messages</Trans>
                </a>
              ) : null}
            </p>
            <div role="log" aria-live="polite" aria-relevant="additions" aria-label={t`Messages with ${otherName}`} className="grid gap-2">
              {items.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-600">
                  <Trans>No messages yet. Share a link or a note here.</Trans>
                </p>
              ) : null}
              {items.map((item) => (
                <MessageBubble
                  key={keyOf(item)}
                  item={item}
                  own={item.kind === "pending" || item.message.sender.senderType === role}
                  onRetry={item.kind === "pending" ? () => retry(item.message) : undefined}
                />
              ))}
            </div>
          </>
        )}
      </div>
      <Composer onSend={onSend} disabled={!conversationId || conversation.data?.other.isBlocked} />
    </section>
  );
}
