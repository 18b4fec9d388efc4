import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/chat/inbox";
import { startReads } from "@/platform/route-prefetch";

export const Route = createFileRoute("/mentees/connect/inbox/")({
  loader: ({ context }) => startReads(context.reads, "mentee", (trpc, as) => [trpc.chat.conversations.queryOptions({}, as)]),
  component: () => <Inbox side="mentee" />,
});
