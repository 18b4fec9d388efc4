import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/chat/inbox";

export const Route = createFileRoute("/mentors/connect/inbox/$conversationId")({
  component: function MentorConversation() {
    const { conversationId } = Route.useParams();
    return <Inbox side="mentor" conversationId={conversationId} />;
  },
});
