import { createFileRoute } from "@tanstack/react-router";
import { LiveSessionPage } from "@/live/live-session-page";

/** "Go Live" opens this in a new window: the video call of a booked session (ADR 0015). */
export const Route = createFileRoute("/mentors/connect/live/$sessionId")({ component: MentorLive });

function MentorLive() {
  const { sessionId } = Route.useParams();
  return <LiveSessionPage slotId={sessionId} role="mentor" />;
}
