import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { unreadBadge } from "@/chat/chat-thread";
import { useTRPC } from "@/platform/trpc";

/** The nav's "Connect" count (SPEC §2): unread messages in all the user's conversations; refetched on every push. */
export function ConnectUnread() {
  const trpc = useTRPC();
  const unread = useQuery(trpc.chat.unread.queryOptions({}));
  const text = unreadBadge(unread.data?.unreadMessages ?? 0);
  if (!text) return null;
  return (
    <span data-testid="connect-unread" className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">
      {text}
      <span className="sr-only">
        {" "}
        <Trans>unread messages</Trans>
      </span>
    </span>
  );
}
