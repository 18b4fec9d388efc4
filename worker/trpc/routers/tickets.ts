import { myTickets, raiseTicket, ticketCandidates, type Reporter } from "../../services/tickets";
import { ownTicketsSchema, raiseTicketSchema } from "../../validation/tickets";
import { fail } from "../../services/domain-error";
import { memberProcedure, router } from "../init";

/** The reporter is always the token's account; a legacy path's id must be the caller's own. */
function reporterOf(auth: { sub: string; role: string }, pathId: string | undefined): Reporter {
  if (pathId !== undefined && pathId !== auth.sub) fail("FORBIDDEN", "You can only raise and see your own tickets.");
  return { role: auth.role as Reporter["role"], id: auth.sub };
}

/** Tickets from both sides of a subscription (SPEC §2 Raise a ticket, §3, §7). */
export const ticketsRouter = router({
  candidates: memberProcedure.query(({ ctx }) => ticketCandidates(ctx.db, reporterOf(ctx.auth, undefined))),
  raise: memberProcedure.input(raiseTicketSchema).mutation(({ ctx, input }) => raiseTicket(ctx.db, reporterOf(ctx.auth, input.reporterId), input.complaint.accusedId, input.content)),
  mine: memberProcedure.input(ownTicketsSchema).query(({ ctx, input }) => myTickets(ctx.db, reporterOf(ctx.auth, input.reporterId))),
});
