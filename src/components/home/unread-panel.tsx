import { Link } from "@tanstack/react-router";
import { MessageSquare } from "lucide-react";
import { INBOX } from "@/components/chat/inbox-paths";
import { Button } from "@/components/ui/button";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData } from "./types";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Unread messages: how many, in how many conversations, and a link to the inbox. */
export function UnreadPanel({ home }: { home: MenteeHomeData }) {
  const { conversations, messages } = home.unread;
  return (
    <HomePanel id="home-unread" title="Messages">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-slate-700" data-testid="home-unread">
          <MessageSquare aria-hidden="true" className="size-5 text-indigo-600" />
          {messages > 0 ? `${plural(messages, "unread message", "unread messages")} in ${plural(conversations, "conversation", "conversations")}` : "You're all caught up."}
        </p>
        <Button asChild size="sm" variant={messages > 0 ? "default" : "outline"}>
          <Link to={INBOX.mentee}>
            Open inbox
          </Link>
        </Button>
      </div>
    </HomePanel>
  );
}
