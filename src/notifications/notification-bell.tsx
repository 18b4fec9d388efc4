import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bell } from "lucide-react";
import { bellEntries, signInsText } from "@/notifications/bell-entries";
import { BELL_READ } from "@/notifications/bell-size";
import { fromNow, fullDateTime, longDate } from "@/platform/dates";
import { translateNotice } from "@/platform/i18n/notice-messages";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { toast } from "@/ui/toast";
import { type ChatSide, INBOX_THREAD } from "../chat/inbox-paths";
import { Button } from "../ui/button";
import { DeferredMenu } from "../ui/deferred-menu";

/**
 * The notification bell (SPEC §2): a red dot while unread notifications exist; the panel lists the
 * latest 5, newest first; opening it marks them read. Notifications about a conversation (a message, a
 * reminder that a subscriber waits for an answer) link to it.
 * Consecutive "New sign-in" alerts share one line, so other notices keep their places.
 */
export function NotificationBell({ side }: { side: ChatSide }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bell = useQuery(trpc.notifications.latest.queryOptions({ limit: BELL_READ }));
  const markRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
      onError: () => toast.error(t`Marking Notification as read Failed`),
    }),
  );
  const now = useNow();
  const unread = bell.data?.unreadCount ?? 0;
  const entries = bellEntries(bell.data?.notifications ?? []);

  return (
    <DeferredMenu
      onOpenChange={(open) => {
        if (open && unread > 0) markRead.mutate({});
      }}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          shape="round"
          className="relative"
          aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="bell-dot"
              aria-hidden="true"
              className="absolute right-2 top-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
            />
          ) : null}
        </Button>
      }
      content={({ DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel }) => (
        <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)]" aria-label={t`Notifications`}>
          <DropdownMenuLabel>
            <Trans>Notifications</Trans>
          </DropdownMenuLabel>
          {bell.isError ? (
            <p className="px-2 py-3 text-sm text-slate-600">
              <Trans>We couldn't load your notifications.</Trans>
            </p>
          ) : entries.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">
              <Trans>No new notifications</Trans>
            </p>
          ) : (
            entries.map((entry) => {
              const n = entry.kind === "single" ? entry.notification : entry.latest;
              const isRead = entry.kind === "single" ? n.isRead : entry.isRead;
              const body = (
                // biome-ignore lint/correctness/useJsxKeyInIterable: the item's content, put inside the keyed item below
                <span className="grid gap-0.5">
                  <span className={`text-sm ${isRead ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                    {entry.kind === "sign-ins" ? signInsText(entry.count) : translateNotice(n.content)}
                  </span>
                  <time dateTime={n.createdAt} title={fullDateTime(n.createdAt)} className="text-xs text-slate-500">
                    {entry.kind === "sign-ins" ? `${t`latest`} ` : null}
                    {fromNow(n.createdAt, now)}
                    {n.type === "alert" ? ` · ${longDate(n.createdAt)}` : null}
                  </time>
                </span>
              );
              return entry.kind === "single" && n.conversationId ? (
                <DropdownMenuItem key={entry.key} asChild>
                  <Link to={INBOX_THREAD[side]} params={{ conversationId: n.conversationId }}>
                    {body}
                  </Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem key={entry.key} data-static="">
                  {body}
                </DropdownMenuItem>
              );
            })
          )}
        </DropdownMenuContent>
      )}
    />
  );
}
