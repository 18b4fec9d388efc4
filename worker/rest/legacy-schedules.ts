import { publicError } from "../platform/errors";
import type { createCaller } from "../trpc/router";
import { legacyCalendarSlot } from "./legacy-calendar";

type Caller = ReturnType<typeof createCaller>;

/**
 * `GET /api/mentees/timeslots/{id}` when the id is the caller's own: the original client's Schedules page
 * asks this way, and the original server answered the slots of every mentor she subscribes to, with her
 * bookings. So: the open slots of each mentor she has access to now, and her upcoming bookings, soonest
 * first, as its calendar reads them (legacy-calendar.ts). A mentor who has since become unavailable is left
 * out, not a 404.
 */
export async function subscribedSchedules(c: Caller, now: Date) {
  const subscriptions = await c.subscriptions.mine();
  const mentorIds = [...new Set(subscriptions.filter((s) => s.isActive).map((s) => s.mentor.id))];
  const [schedules, bookings] = await Promise.all([
    Promise.all(
      mentorIds.map((mentorId) =>
        c.scheduling.mentorSchedule({ mentorId }).catch((error: unknown) => {
          if (publicError(error).code === "NOT_FOUND") return null;
          throw error;
        }),
      ),
    ),
    c.scheduling.myBookings(),
  ]);
  const slots = [...schedules.flatMap((s) => s?.timeSlots ?? []), ...bookings.upcoming];
  return { timeSlots: slots.sort((a, b) => a.start.localeCompare(b.start)).map((slot) => legacyCalendarSlot(slot, now)) };
}
