import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { MessageSquare } from "lucide-react";
import { INBOX } from "@/chat/inbox-paths";
import { Button } from "@/ui/button";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData } from "./types";

/** Unread messages: how many, in how many conversations, and a link to the inbox. */
export function UnreadPanel({ home }: { home: MenteeHomeData }) {
  const { t } = useLingui();
  const { conversations, messages } = home.unread;
  const unreadMessages = plural(messages, { one: "# unread message", other: "# unread messages" });
  const inConversations = plural(conversations, { one: "# conversation", other: "# conversations" });
  return (
    <HomePanel id="home-unread" title={t`Messages`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-slate-700" data-testid="home-unread">
          <MessageSquare aria-hidden="true" className="size-5 text-indigo-600" />
          {messages > 0 ? t`${unreadMessages} in ${inConversations}` : t`You're all caught up.`}
        </p>
        <Button asChild size="sm" variant={messages > 0 ? "default" : "outline"}>
          <Link to={INBOX.mentee}>
            <Trans>Open inbox</Trans>
          </Link>
        </Button>
      </div>
    </HomePanel>
  );
}
