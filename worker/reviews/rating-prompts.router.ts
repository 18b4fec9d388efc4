import { ratePromptSchema, sessionSlotSchema } from "../../shared/validation/session-notes";
import { changesCatalogue, menteeProcedure, router } from "../trpc/init";
import { dismissPrompt, rateFromPrompt } from "./rating-prompts";

/** The one-tap rating prompt on the mentee's home (ADR 0026); the prompt itself comes with `mentees.home`. */
export const ratingPromptsRouter = router({
  /** A star: her review of the session's mentor gets the rating (its text kept) and the prompt closes. */
  rate: menteeProcedure
    .use(changesCatalogue)
    .input(ratePromptSchema)
    .mutation(({ ctx, input }) => rateFromPrompt(ctx, ctx.auth.sub, input.slotId, input.rating)),
  /** "Not now": the prompt closes for this period. */
  dismiss: menteeProcedure.input(sessionSlotSchema).mutation(({ ctx, input }) => dismissPrompt(ctx, ctx.auth.sub, input.slotId)),
});
