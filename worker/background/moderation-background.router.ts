import { parkedListSchema, replayParkedSchema } from "../../shared/validation/moderation";
import { moderatorProcedure } from "../trpc/init";
import { backlogOf, parkedList } from "./background-work";
import { replayParked } from "./background-work-replay";

/** The moderator's view of the background work (ADR 0031): the queues' backlog, the parked items, and sending one again. */
export const backgroundProcedures = {
  backgroundBacklog: moderatorProcedure.query(({ ctx }) => backlogOf(ctx.db, ctx.now)),
  parkedWork: moderatorProcedure.input(parkedListSchema).query(({ ctx, input }) => parkedList(ctx.db, input)),
  /** Every replay is a moderator action in the audit log (ADR 0012). */
  replayParked: moderatorProcedure.input(replayParkedSchema).mutation(({ ctx, input }) => replayParked(ctx, ctx.auth.sub, input.id)),
};
