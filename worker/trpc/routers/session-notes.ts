import { commentOnSession, saveSessionNotes, sessionNotesView } from "../../services/session-notes/notes";
import { commentInputSchema, notesInputSchema, sessionSlotSchema } from "../../../shared/validation/session-notes";
import { memberProcedure, mentorProcedure, router } from "../init";

const participant = (auth: { role: string; sub: string }) => ({ role: auth.role as "mentee" | "mentor", id: auth.sub });

/** The shared notes of a completed session (issue 26): its two participants read them, the mentor writes them, both comment. */
export const sessionNotesRouter = router({
  get: memberProcedure.input(sessionSlotSchema).query(({ ctx, input }) => sessionNotesView(ctx, participant(ctx.auth), input.slotId)),
  save: mentorProcedure.input(notesInputSchema).mutation(({ ctx, input }) => saveSessionNotes(ctx, ctx.auth.sub, input.slotId, input.body)),
  comment: memberProcedure.input(commentInputSchema).mutation(({ ctx, input }) => commentOnSession(ctx, participant(ctx.auth), input.slotId, input.body)),
});
