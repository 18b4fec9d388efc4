import { claimExportSchema, exportForTicketSchema } from "../../shared/validation/privacy";
import { memberProcedure, moderatorProcedure, router } from "../trpc/init";
import { accountDeletionRouter } from "./account-deletion.router";
import { claimExport, latestExport, requestExport } from "./data-export";
import { produceExportForTicket } from "./export-by-ticket";

const personOf = (auth: { role: string; sub: string }) => ({ role: auth.role as "mentee" | "mentor", id: auth.sub });

/** A person's data rights (ADR 0039): her own copy of everything the product holds about her. Always the token's own account. */
export const privacyRouter = router({
  /** "Delete my account" and the moderators' view of deletions in progress (ADR 0042). */
  deletion: accountDeletionRouter,

  /** Her latest copy and its state (preparing, ready until…, downloaded, failed), or null. */
  exportStatus: memberProcedure.query(({ ctx }) => latestExport(ctx.db, personOf(ctx.auth))),

  /** Asks for a copy; asking again while one is being prepared answers the same one. */
  requestExport: memberProcedure.mutation(({ ctx }) =>
    requestExport({ db: ctx.db, env: ctx.env, now: ctx.now }, personOf(ctx.auth), ctx.origin),
  ),

  /** The mailed link, opened signed in: a one-minute address of the file; the link is then used. */
  claimExport: memberProcedure.input(claimExportSchema).mutation(({ ctx, input }) => {
    const [id, secret] = input.link.split(".");
    return claimExport({ db: ctx.db, now: ctx.now }, personOf(ctx.auth), { id, secret });
  }),

  /** A moderator has a copy prepared for the person who filed a ticket asking for it; it reaches her alone. */
  exportForTicket: moderatorProcedure
    .input(exportForTicketSchema)
    .mutation(({ ctx, input }) =>
      produceExportForTicket({ db: ctx.db, env: ctx.env, now: ctx.now }, ctx.auth.sub, input.ticketId, ctx.origin),
    ),
});
