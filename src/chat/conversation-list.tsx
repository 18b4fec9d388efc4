import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { fromNow } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { Avatar } from "../ui/avatar";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { type ChatSide, INBOX_THREAD } from "./inbox-paths";

const EMPTY: Record<ChatSide, MessageDescriptor> = {
  mentee: msg`No conversations yet. Open a mentor's profile you subscribe to and choose Chat.`,
  mentor: msg`No conversations yet. Start one with Chat in your Mentees List.`,
};

/** The caller's conversations, the latest activity first: picture, name, last message, its time, unread badge. */
export function ConversationList({ side, activeId }: { side: ChatSide; activeId?: string }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const list = useQuery(trpc.chat.conversations.queryOptions({}));
  const now = useNow();
  if (list.isPending) {
    return (
      <div role="status" aria-label={t`Loading conversations`} className="grid gap-2 p-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (list.isError) return <LoadError what={t`your conversations`} onRetry={() => void list.refetch()} className="p-4" />;
  if (list.data.length === 0) return <p className="p-4 text-sm text-slate-600">{i18n._(EMPTY[side])}</p>;
  return (
    <ul aria-label={t`Conversations`} className="divide-y divide-slate-100">
      {list.data.map((c) => {
        const last = c.lastMessage;
        const lastContent = last?.content || (last ? t`Message removed` : "");
        const preview = last ? (last.senderType === side ? t`You: ${lastContent}` : lastContent) : t`No messages yet`;
        const unread = c.unreadCount > 0;
        return (
          <li key={c.id}>
            <Link
              to={INBOX_THREAD[side]}
              params={{ conversationId: c.id }}
              aria-current={c.id === activeId ? "page" : undefined}
              className="flex items-center gap-3 px-3 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 aria-[current=page]:bg-indigo-50"
            >
              <Avatar src={c.other.profileImageUrl} name={c.other.name} alt="" className="size-10 text-sm" />
              <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
                <span className="flex min-w-0 items-baseline justify-between gap-2">
                  <span className={`min-w-0 truncate text-sm ${unread ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}>
                    {c.other.name}
                  </span>
                  <time dateTime={c.updatedAt} className="shrink-0 text-xs text-slate-600">
                    {fromNow(c.updatedAt, now)}
                  </time>
                </span>
                <span className="flex min-w-0 items-center justify-between gap-2">
                  <span className={`min-w-0 truncate text-sm ${unread ? "text-slate-900" : "text-slate-600"}`}>{preview}</span>
                  {unread ? (
                    <span
                      data-testid="unread-badge"
                      className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white"
                    >
                      {c.unreadCount}
                      <span className="sr-only"> {t`unread`}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
