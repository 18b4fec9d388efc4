import { commentInputSchema, notesInputSchema, sessionSlotSchema } from "../../shared/validation/session-notes";
import { memberOf } from "../chat/members";
import { memberProcedure, mentorProcedure, router } from "../trpc/init";
import { commentOnSession, saveSessionNotes, sessionNotesView } from "./notes";

/** The shared notes of a completed session (ADR 0026): its two participants read them, the mentor writes them, both comment. */
export const sessionNotesRouter = router({
  get: memberProcedure.input(sessionSlotSchema).query(({ ctx, input }) => sessionNotesView(ctx, memberOf(ctx.auth), input.slotId)),
  save: mentorProcedure.input(notesInputSchema).mutation(({ ctx, input }) => saveSessionNotes(ctx, ctx.auth.sub, input.slotId, input.body)),
  comment: memberProcedure
    .input(commentInputSchema)
    .mutation(({ ctx, input }) => commentOnSession(ctx, memberOf(ctx.auth), input.slotId, input.body)),
});
