import * as v from "valibot";
import { slotWithReasonSchema } from "../../shared/validation/rescheduling";
import { bookSchema, mentorIdSchema, publishSlotsSchema, slotIdSchema, timeZoneSchema } from "../../shared/validation/scheduling";
import { calendarFeedUrl, resetCalendarFeed, revokeCalendarFeed } from "../calendars/calendar-feed";
import { fail } from "../platform/domain-error";
import { authedProcedure, menteeProcedure, mentorProcedure, router } from "../trpc/init";
import { bookFromSchedule } from "./book-from-schedule";
import { cancelBooking } from "./booking";
import { dailyEnrollments, upcomingLiveSessions } from "./dashboard";
import { agendaProcedures } from "./scheduling-agenda.router";
import { availabilityProcedures } from "./scheduling-availability.router";
import { moveProcedures } from "./scheduling-moves.router";
import { waitlistProcedures } from "./scheduling-waitlist.router";
import { deleteSlot, mentorSlot, mentorSlots, publishSlots } from "./slots";
import { setTimeZone, timeZoneOf } from "./time-zones";
import { menteeBookings, menteeScheduleFor } from "./views";

const person = (role: string): "mentee" | "mentor" => {
  if (role !== "mentee" && role !== "mentor") fail("FORBIDDEN", "This is only available to mentees and mentors.");
  return role;
};

/** One router, its procedures kept in a file per capability (ADR 0023): availability (weekly hours, rules, time off), moves, and the waitlist with standing sessions. */
export const schedulingRouter = router({
  ...availabilityProcedures,
  ...moveProcedures,
  ...waitlistProcedures,
  ...agendaProcedures,
  // ---- mentors
  publish: mentorProcedure
    .input(publishSlotsSchema)
    .mutation(({ ctx, input }) => publishSlots(ctx.db, ctx.auth.sub, input.slotDetails, ctx.now)),
  mySlots: mentorProcedure.query(({ ctx }) => mentorSlots(ctx.db, ctx.auth.sub, ctx.now)),
  slot: mentorProcedure.input(slotIdSchema).query(({ ctx, input }) => mentorSlot(ctx.db, ctx.auth.sub, input.slotId, ctx.now)),
  deleteSlot: mentorProcedure
    .input(slotWithReasonSchema)
    .mutation(({ ctx, input }) => deleteSlot(ctx, { mentorId: ctx.auth.sub, slotId: input.slotId, reason: input.reason ?? null })),
  /** The dashboard's next 24 hours: each booked session with its mentee's name. */
  liveSessions: mentorProcedure.query(async ({ ctx }) =>
    (await upcomingLiveSessions(ctx.db, ctx.auth.sub, ctx.now)).map(({ menteeId: mentee, ...session }) => ({ ...session, mentee })),
  ),
  dailyEnrollments: mentorProcedure.query(({ ctx }) => dailyEnrollments(ctx.db, ctx.auth.sub, ctx.now)),

  // ---- mentees
  mentorSchedule: menteeProcedure
    .input(mentorIdSchema)
    .query(({ ctx, input }) => menteeScheduleFor(ctx.db, ctx.auth.sub, input.mentorId, ctx.now)),
  book: menteeProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(bookSchema)
    .mutation(({ ctx, input }) =>
      bookFromSchedule(ctx, { menteeId: ctx.auth.sub, slotId: input.slotId, type: "session", agenda: input.agenda || null }),
    ),
  bookTrial: menteeProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(bookSchema)
    .mutation(({ ctx, input }) =>
      bookFromSchedule(ctx, { menteeId: ctx.auth.sub, slotId: input.slotId, type: "trial", agenda: input.agenda || null }),
    ),
  myBookings: menteeProcedure.query(({ ctx }) => menteeBookings(ctx.db, ctx.auth.sub, ctx.now)),
  cancel: menteeProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(slotWithReasonSchema)
    .mutation(({ ctx, input }) => cancelBooking(ctx, { menteeId: ctx.auth.sub, slotId: input.slotId, reason: input.reason ?? null })),

  // ---- both
  timeZone: authedProcedure.query(({ ctx }) => timeZoneOf(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub })),
  setTimeZone: authedProcedure
    .input(timeZoneSchema)
    .mutation(({ ctx, input }) =>
      setTimeZone(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, input.timeZone, input.onlyIfUnset),
    ),
  calendarFeed: authedProcedure.query(({ ctx }) => calendarFeedUrl(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, ctx.origin)),
  resetCalendarFeed: authedProcedure.mutation(({ ctx }) =>
    resetCalendarFeed(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub }, ctx.origin, ctx.now),
  ),
  revokeCalendarFeed: authedProcedure
    .input(v.optional(v.object({}), {}))
    .mutation(({ ctx }) => revokeCalendarFeed(ctx.db, { role: person(ctx.auth.role), id: ctx.auth.sub })),
});
