import { deleteAccountSchema, deletionHoldSchema } from "../../shared/validation/privacy";
import { currentTime } from "../platform/clock";
import { fail } from "../platform/domain-error";
import { memberProcedure, moderatorProcedure, router } from "../trpc/init";
import { deletionOverview, deletionsInProgress, openDeletion, requestDeletion } from "./account-deletion";
import { holdDeletion } from "./deletion-holds";
import { NO_GOOGLE_LINKED, startTicket } from "./google-confirmation";

const personOf = (auth: { role: string; sub: string }) => ({ role: auth.role as "mentee" | "mentor", id: auth.sub });

/** "Delete my account" (ADR 0042): always the token's own account; moderators see and hold deletions in progress. */
export const accountDeletionRouter = router({
  /** What deleting would do now: subscriptions that stop renewing, sessions cancelled, a mentor's next 7 days. */
  overview: memberProcedure.query(async ({ ctx }) => {
    const person = personOf(ctx.auth);
    const [overview, pending] = await Promise.all([deletionOverview(ctx.db, person, ctx.now), openDeletion(ctx.db, person)]);
    return { ...overview, eraseAfter: pending?.eraseAfter.toISOString() ?? null };
  }),

  /** Deletes her account after 14 days; every sign-in ends now. Signing in before then restores it. */
  request: memberProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) =>
      requestDeletion(ctx, personOf(ctx.auth), input, ctx.address, { sid: ctx.auth.sid, secret: ctx.config.JWT_SECRET }),
    ),

  /**
   * "Confirm with Google": the ticket the card opens the Google flow with (a fresh sign-in of her linked account gives
   * a 5-minute proof for this sign-in). Proofs and tickets are sign-in lifetimes, on the real clock as tokens are.
   */
  googleStart: memberProcedure.mutation(async ({ ctx }) => {
    const ticket = await startTicket(ctx.db, ctx.config.JWT_SECRET, personOf(ctx.auth), ctx.auth.sid, currentTime());
    if (!ticket) fail("UNPROCESSABLE_CONTENT", NO_GOOGLE_LINKED);
    return { ticket };
  }),

  /** Moderators: the deletions in progress, soonest erasure first, with the person's open complaints. */
  inProgress: moderatorProcedure.query(async ({ ctx }) =>
    (await deletionsInProgress(ctx.db)).map((d) => ({
      ...d,
      requestedAt: d.requestedAt.toISOString(),
      eraseAfter: d.eraseAfter.toISOString(),
      pausedAt: d.pausedAt?.toISOString() ?? null,
      openComplaints: Number(d.openComplaints),
    })),
  ),

  /** Moderators: hold a deletion while a complaint against the person is open, or release it; in the audit log. */
  hold: moderatorProcedure.input(deletionHoldSchema).mutation(({ ctx, input }) => holdDeletion(ctx.db, ctx.auth.sub, input, ctx.now)),
});
