import { busyWindowSchema, calendarChoiceSchema, calendarConnectionSchema, connectCaldavSchema } from "../../shared/validation/calendars";
import { mentorProcedure, router } from "../trpc/init";
import { busyTimes, chooseCalendar, connectCaldav, disconnect, listCalendarAccounts } from "./sync/accounts";

/** A mentor's own calendars (ADR 0040): connect, choose, disconnect, and the busy time the scheduler draws. Always his own, from the token. */
export const calendarsRouter = router({
  /** His connected accounts with their calendars, their state and when they last synced. */
  accounts: mentorProcedure.query(({ ctx }) => listCalendarAccounts(ctx, ctx.auth.sub)),
  /** Connects a CalDAV account (iCloud, Fastmail, Nextcloud, Radicale): its calendars are listed and the first pull queued. */
  connectCaldav: mentorProcedure.input(connectCaldavSchema).mutation(({ ctx, input }) => connectCaldav(ctx, ctx.auth.sub, input)),
  /** "Counts as busy" on or off, or "write new sessions here". */
  chooseCalendar: mentorProcedure.input(calendarChoiceSchema).mutation(({ ctx, input }) => chooseCalendar(ctx, ctx.auth.sub, input)),
  /** Removes the account and everything of it here. */
  disconnect: mentorProcedure
    .input(calendarConnectionSchema)
    .mutation(({ ctx, input }) => disconnect(ctx, ctx.auth.sub, input.connectionId)),
  /** His busy time in a window, from the mirror only (merged intervals). */
  busy: mentorProcedure.input(busyWindowSchema).query(({ ctx, input }) => busyTimes(ctx, ctx.auth.sub, input)),
});
