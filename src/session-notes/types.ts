import type { RouterOutputs } from "@/platform/api-types";

/** The shared notes page's answer (sessionNotes.get, ADR 0026). */
export type SessionNotesData = RouterOutputs["sessionNotes"]["get"];
