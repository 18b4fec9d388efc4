import { raiseTicketSchema } from "../../shared/validation/tickets";
import { memberProcedure, router } from "../trpc/init";
import { myTickets, type Reporter, raiseTicket, ticketCandidates } from "./tickets";

/** The reporter is always the token's account. */
const reporterOf = (auth: { sub: string; role: string }): Reporter => ({ role: auth.role as Reporter["role"], id: auth.sub });

/** Tickets from both sides of a subscription (SPEC §2 Raise a ticket, §3, §7). */
export const ticketsRouter = router({
  candidates: memberProcedure.query(({ ctx }) => ticketCandidates(ctx.db, reporterOf(ctx.auth))),
  raise: memberProcedure
    .input(raiseTicketSchema)
    .mutation(({ ctx, input }) => raiseTicket(ctx.db, reporterOf(ctx.auth), input.complaint.accusedId, input.content, ctx.now)),
  mine: memberProcedure.query(({ ctx }) => myTickets(ctx.db, reporterOf(ctx.auth))),
});
