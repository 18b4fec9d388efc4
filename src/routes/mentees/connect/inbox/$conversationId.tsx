import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/chat/inbox";

export const Route = createFileRoute("/mentees/connect/inbox/$conversationId")({
  component: function MenteeConversation() {
    const { conversationId } = Route.useParams();
    return <Inbox side="mentee" conversationId={conversationId} />;
  },
});
