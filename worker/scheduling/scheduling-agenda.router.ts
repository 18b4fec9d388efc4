import { agendaEditSchema } from "../../shared/validation/session-notes";
import { menteeProcedure } from "../trpc/init";
import { setAgenda } from "./agenda";

/** The agenda after booking (ADR 0026). Spread into the scheduling router. */
export const agendaProcedures = {
  /** The mentee adds, changes or removes the agenda of her booked session until it starts; the mentor is told. */
  setAgenda: menteeProcedure.input(agendaEditSchema).mutation(({ ctx, input }) => setAgenda(ctx, ctx.auth.sub, input.slotId, input.agenda)),
};
