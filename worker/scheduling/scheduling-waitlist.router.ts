import { bookStandingSchema, previewStandingSchema, waitlistSchema } from "../../shared/validation/waitlist";
import { menteeProcedure } from "../trpc/init";
import { bookStanding, previewStanding } from "./standing";
import { joinWaitlistWhereUseful, nextAvailable } from "./views";
import { leaveWaitlist } from "./waitlist";

/** The waitlist and standing (weekly) sessions (ADR 0023), and the mentee's next available times. Spread into the scheduling router. */
export const waitlistProcedures = {
  /** "Tell me if an earlier time opens": needs an active subscription, and only where it can help her (409 otherwise); idempotent. */
  joinWaitlist: menteeProcedure
    .input(waitlistSchema)
    .mutation(({ ctx, input }) => joinWaitlistWhereUseful(ctx.db, ctx.auth.sub, input.mentorId, ctx.now)),
  leaveWaitlist: menteeProcedure.input(waitlistSchema).mutation(({ ctx, input }) => leaveWaitlist(ctx.db, ctx.auth.sub, input.mentorId)),
  /** For each mentor she subscribes to: his first bookable times (her Schedules page). */
  nextAvailable: menteeProcedure.query(({ ctx }) => nextAvailable(ctx.db, ctx.auth.sub, ctx.now)),
  /** The weeks "the same time every week" from this slot would book, and why the others would not. */
  previewStanding: menteeProcedure
    .input(previewStandingSchema)
    .query(({ ctx, input }) => previewStanding(ctx.db, ctx.auth.sub, input.slotId, ctx.now)),
  bookStanding: menteeProcedure
    .input(bookStandingSchema)
    .mutation(({ ctx, input }) => bookStanding(ctx, ctx.auth.sub, input.slotId, input.agenda || null)),
};
