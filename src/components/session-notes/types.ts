import type { RouterOutputs } from "@/lib/api-types";

/** The shared notes page's answer (sessionNotes.get, issue 26). */
export type SessionNotesData = RouterOutputs["sessionNotes"]["get"];
