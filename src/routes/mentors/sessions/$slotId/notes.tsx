import { createFileRoute } from "@tanstack/react-router";
import { SessionNotesPage } from "@/components/session-notes/session-notes-page";

/** The shared notes of one of his completed sessions (issue 26): he writes and edits them, both comment. */
export const Route = createFileRoute("/mentors/sessions/$slotId/notes")({ component: MentorSessionNotes });

function MentorSessionNotes() {
  const { slotId } = Route.useParams();
  return <SessionNotesPage slotId={slotId} viewer="mentor" />;
}
