import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/chat/inbox";
import { startReads } from "@/platform/route-prefetch";

export const Route = createFileRoute("/mentors/connect/inbox/")({
  loader: ({ context }) => startReads(context.reads, "mentor", (trpc, as) => [trpc.chat.conversations.queryOptions({}, as)]),
  component: () => <Inbox side="mentor" />,
});
