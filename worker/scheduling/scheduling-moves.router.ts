import { askRescheduleSchema, bookingHistorySchema, rescheduleSchema } from "../../shared/validation/rescheduling";
import { authedProcedure, menteeProcedure, mentorProcedure } from "../trpc/init";
import { bookingHistory } from "./booking-history";
import { askReschedule } from "./reschedule-ask";
import { rescheduleBooking } from "./rescheduling";

/**
 * Moving a booking (reschedule), the mentor's request to reschedule, and a booking's history (ADR 0023).
 * Spread into the scheduling router. Cancellations with a reason are the router's `cancel` and `deleteSlot`.
 */
export const moveProcedures = {
  /** The mentee moves her booking to another open slot of the same mentor: the booking keeps its identity and its place in the quota. */
  reschedule: menteeProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(rescheduleSchema)
    .mutation(({ ctx, input }) => rescheduleBooking(ctx, ctx.auth.sub, input.slotId, input.toSlotId)),
  /** The mentor asks the mentee to pick another time (she may then move or cancel it at any time before the start). */
  askReschedule: mentorProcedure
    .input(askRescheduleSchema)
    .mutation(({ ctx, input }) => askReschedule(ctx, ctx.auth.sub, input.slotId, input.message)),
  /** The history of the booking on a slot, newest first, for the mentee who holds it or the slot's mentor. */
  bookingHistory: authedProcedure
    .input(bookingHistorySchema)
    .query(({ ctx, input }) => bookingHistory(ctx.db, { role: ctx.auth.role, id: ctx.auth.sub }, input.slotId)),
};
