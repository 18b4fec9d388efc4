import { createFileRoute } from "@tanstack/react-router";
import { SessionNotesPage } from "@/session-notes/session-notes-page";

/** The shared notes of one of his completed sessions (ADR 0026): he writes and edits them, both comment. */
export const Route = createFileRoute("/mentors/sessions/$slotId/notes")({ component: MentorSessionNotes });

function MentorSessionNotes() {
  const { slotId } = Route.useParams();
  return <SessionNotesPage slotId={slotId} viewer="mentor" />;
}
