import { createFileRoute } from "@tanstack/react-router";
import { LiveSessionPage } from "@/live/live-session-page";

/** "Join session" on the booked slots opens this in a new window: the video call of a booked session (ADR 0015). */
export const Route = createFileRoute("/mentees/connect/live/$sessionId")({ component: MenteeLive });

function MenteeLive() {
  const { sessionId } = Route.useParams();
  return <LiveSessionPage slotId={sessionId} role="mentee" />;
}
