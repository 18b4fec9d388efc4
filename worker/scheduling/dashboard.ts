import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, timeSlots } from "../../db/schema";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { countPerDay } from "../statistics/count-per-day";
import { newEnrollmentPayments } from "../statistics/daily-enrollments";
import { bookingAhead, slotQuery } from "./slot-view";

/** "Upcoming Live Sessions (next 24hr)"; a session that has started stays listed until its call ends, so Go Live is reachable. */
export const LIVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Booked sessions that start in the next 24 hours, or are running (until the call ends and unsettled: `bookingAhead`). */
export async function upcomingLiveSessions(db: Db, mentorId: string, now: Date) {
  const rows = await slotQuery(db)
    .where(
      and(
        eq(timeSlots.mentorId, mentorId),
        eq(timeSlots.state, "booked"),
        bookingAhead(now),
        lt(timeSlots.startAt, new Date(now.getTime() + LIVE_WINDOW_MS)),
      ),
    )
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => ({
    id: r.slot.id,
    start: r.slot.startAt.toISOString(),
    end: r.slot.endAt.toISOString(),
    type: r.slot.type,
    menteeId: { firstName: r.menteeFirst ?? "", lastName: r.menteeLast ?? "" },
    menteeTimeZone: r.menteeZone,
    /** What she would like to discuss (she may change it until the start, ADR 0026). */
    agenda: r.slot.agenda,
    hasStarted: r.slot.startAt.getTime() <= now.getTime(),
  }));
}

/**
 * New enrollments per day of the mentor's zone over the last 30 days, oldest first: first paid months of
 * subscriptions from his ledger, the same payments his Earnings page marks as new (statistics/daily-enrollments.ts).
 */
export async function dailyEnrollments(db: Db, mentorId: string, now: Date): Promise<{ date: string; count: number }[]> {
  // Read together (one round trip, ADR 0017): the rows do not depend on the zone.
  const [mentor, paid] = await Promise.all([
    db.query.mentors.findFirst({ where: eq(mentors.id, mentorId), columns: { timeZone: true } }),
    newEnrollmentPayments(db, now, mentorId),
  ]);
  return countPerDay(paid, mentorZoneOrDefault(mentor?.timeZone), now);
}
