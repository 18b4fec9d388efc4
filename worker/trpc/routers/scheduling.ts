import * as v from "valibot";
import { bookSlot, cancelBooking } from "../../services/scheduling/booking";
import { dailyEnrollments, upcomingLiveSessions } from "../../services/scheduling/dashboard";
import { deleteSlot, mentorSlot, mentorSlots, publishSlots } from "../../services/scheduling/slots";
import { setTimeZone, timeZoneOf } from "../../services/scheduling/time-zones";
import { menteeBookings, menteeScheduleFor } from "../../services/scheduling/views";
import { calendarFeedUrl, resetCalendarFeed, revokeCalendarFeed } from "../../services/calendar-feed";
import { bookSchema, mentorIdSchema, optionalOwnId, publishSlotsSchema, slotIdSchema, timeZoneSchema, trialSchema } from "../../validation/scheduling";
import { fail } from "../../services/domain-error";
import { authedProcedure, menteeProcedure, mentorProcedure, router } from "../init";

/** A legacy path or body may carry the caller's id; it must be their own (ids come from the token). */
function assertOwn(callerId: string, given: unknown, what: string) {
  if (given !== undefined && given !== null && given !== "" && given !== callerId) fail("FORBIDDEN", `You can only use your own ${what}.`);
}

const person = (role: string): "mentee" | "mentor" => {
  if (role !== "mentee" && role !== "mentor") fail("FORBIDDEN", "This is only available to mentees and mentors.");
  return role;
};

export const schedulingRouter = router({
  // ---- mentors
  publish: mentorProcedure.input(publishSlotsSchema).mutation(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.mentorId, "schedule");
    return publishSlots(ctx.db, ctx.auth.sub, input.slotDetails, ctx.now);
  }),
  mySlots: mentorProcedure.input(optionalOwnId).query(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.mentorId, "schedule");
    return mentorSlots(ctx.db, ctx.auth.sub, ctx.now);
  }),
  slot: mentorProcedure.input(slotIdSchema).query(({ ctx, input }) => mentorSlot(ctx.db, ctx.auth.sub, input.slotId, ctx.now)),
  deleteSlot: mentorProcedure
    .input(slotIdSchema)
    .mutation(({ ctx, input }) => deleteSlot(ctx.db, ctx.env, ctx.waitUntil, ctx.auth.sub, input.slotId, ctx.now)),
  liveSessions: mentorProcedure.input(optionalOwnId).query(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.mentorId, "sessions");
    return upcomingLiveSessions(ctx.db, ctx.auth.sub, ctx.now);
  }),
  dailyEnrollments: mentorProcedure.input(optionalOwnId).query(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.mentorId, "enrollments");
    return dailyEnrollments(ctx.db, ctx.auth.sub, ctx.now);
  }),

  // ---- mentees
  mentorSchedule: menteeProcedure.input(mentorIdSchema).query(({ ctx, input }) => menteeScheduleFor(ctx.db, ctx.auth.sub, input.mentorId, ctx.now)),
  book: menteeProcedure.input(bookSchema).mutation(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.values.menteeId, "account");
    return bookSlot(ctx.db, ctx.env, ctx.waitUntil, ctx.auth.sub, input.slotId, "session", ctx.now);
  }),
  bookTrial: menteeProcedure.input(trialSchema).mutation(({ ctx, input }) => bookSlot(ctx.db, ctx.env, ctx.waitUntil, ctx.auth.sub, input.slotId, "trial", ctx.now)),
  myBookings: menteeProcedure.input(optionalOwnId).query(({ ctx, input }) => {
    assertOwn(ctx.auth.sub, input.menteeId, "bookings");
    return menteeBookings(ctx.db, ctx.auth.sub, ctx.now);
  }),
  cancel: menteeProcedure.input(slotIdSchema).mutation(({ ctx, input }) => cancelBooking(ctx.db, ctx.env, ctx.waitUntil, ctx.auth.sub, input.slotId, ctx.now)),

  // ---- both
  timeZone: authedProcedure.query(({ ctx }) => timeZoneOf(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub })),
  setTimeZone: authedProcedure
    .input(timeZoneSchema)
    .mutation(({ ctx, input }) => setTimeZone(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, input.timeZone, input.onlyIfUnset)),
  calendarFeed: authedProcedure.query(({ ctx }) => calendarFeedUrl(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, ctx.origin)),
  resetCalendarFeed: authedProcedure.mutation(({ ctx }) => resetCalendarFeed(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, ctx.origin)),
  revokeCalendarFeed: authedProcedure.input(v.optional(v.object({}), {})).mutation(({ ctx }) => revokeCalendarFeed(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub })),
});
