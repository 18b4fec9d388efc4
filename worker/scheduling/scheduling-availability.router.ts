import {
  addTimeOffSchema,
  bookingRulesSchema,
  timeOffIdSchema,
  timeOffPeriodSchema,
  weeklyHoursSchema,
} from "../../shared/validation/availability";
import { mentorProcedure } from "../trpc/init";
import { availabilityOf, setBookingRules } from "./availability";
import { addTimeOff, listTimeOff, previewTimeOff, removeTimeOff } from "./time-off";
import { setWeeklyHours } from "./weekly-hours";

/** A mentor's weekly hours, booking rules (notice, buffer, daily cap) and time off (ADR 0023). Spread into the scheduling router. */
export const availabilityProcedures = {
  /** Weekly hours (in their zone) and booking rules; the defaults without a saved row. */
  availability: mentorProcedure.query(({ ctx }) => availabilityOf(ctx.db, ctx.auth.sub)),
  /** Saves the weekly hours in the mentor's current zone and regenerates the open slots of the next 8 weeks. */
  setWeeklyHours: mentorProcedure
    .input(weeklyHoursSchema)
    .mutation(({ ctx, input }) => setWeeklyHours(ctx.db, ctx.auth.sub, input.weeklyHours, ctx.now)),
  setBookingRules: mentorProcedure
    .input(bookingRulesSchema)
    .mutation(({ ctx, input }) => setBookingRules(ctx.db, ctx.auth.sub, input, ctx.now)),
  /** Current and future time off, soonest first. */
  timeOff: mentorProcedure.query(({ ctx }) => listTimeOff(ctx.db, ctx.auth.sub, ctx.now)),
  /** The bookings a period would cancel and how many open slots it would remove (confirm before adding). */
  previewTimeOff: mentorProcedure
    .input(timeOffPeriodSchema)
    .query(({ ctx, input }) => previewTimeOff(ctx.db, ctx.auth.sub, input, ctx.now)),
  addTimeOff: mentorProcedure.input(addTimeOffSchema).mutation(({ ctx, input }) => addTimeOff(ctx, ctx.auth.sub, input)),
  removeTimeOff: mentorProcedure.input(timeOffIdSchema).mutation(({ ctx, input }) => removeTimeOff(ctx, ctx.auth.sub, input.timeOffId)),
};
