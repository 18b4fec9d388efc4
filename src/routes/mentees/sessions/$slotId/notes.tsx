import { createFileRoute } from "@tanstack/react-router";
import { SessionNotesPage } from "@/session-notes/session-notes-page";

/** The shared notes of one of her completed sessions (ADR 0026): she reads the mentor's notes and comments. */
export const Route = createFileRoute("/mentees/sessions/$slotId/notes")({ component: MenteeSessionNotes });

function MenteeSessionNotes() {
  const { slotId } = Route.useParams();
  return <SessionNotesPage slotId={slotId} viewer="mentee" />;
}
