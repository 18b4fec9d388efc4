import { and, eq, isNotNull, lte } from "drizzle-orm";
import { mentors, timeSlots } from "../../db/schema";
import { formatWhen, mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { pushToUser } from "../realtime/push";
import { OPENED } from "./booking";
import { stillBooked } from "./booking-guard";
import { bookingIdOf, historyWriteIfChanged } from "./booking-history";
import { bookedSlotWithPeople, slotMentee } from "./slot-with-people";

export const NOT_RESCHEDULED = "Not rescheduled in time";

/**
 * A booking the mentor asked to reschedule that is still unmoved when it starts is released (ADR 0023):
 * the slot is OPENED (it is past by then), so the booking never counts as a used call. Each release is
 * one conditional update (still booked as read, still requested, started) batched with a 'cancelled'
 * history row and both parties' notices, all written only if the update matched; a second run, or a
 * move or cancel racing it, changes nothing more.
 */
export async function releaseUnansweredReschedules({
  db,
  env,
  now,
  waitUntil,
}: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">): Promise<{ released: number }> {
  const rows = await bookedSlotWithPeople(db, {
    slot: timeSlots,
    mentee: { first: slotMentee.firstName, last: slotMentee.lastName, zone: slotMentee.timeZone },
    mentor: { first: mentors.firstName, last: mentors.lastName, zone: mentors.timeZone },
  })
    .where(and(eq(timeSlots.state, "booked"), isNotNull(timeSlots.rescheduleRequestedAt), lte(timeSlots.startAt, now)))
    .limit(100);
  let released = 0;
  for (const r of rows) {
    if (!r.slot.menteeId || !r.slot.bookedAt) continue;
    const release = db
      .update(timeSlots)
      .set(OPENED)
      .where(
        and(
          eq(timeSlots.id, r.slot.id),
          stillBooked(r.slot.menteeId, r.slot.bookedAt),
          isNotNull(timeSlots.rescheduleRequestedAt),
          lte(timeSlots.startAt, now),
        ),
      )
      .returning({ id: timeSlots.id });
    const history = historyWriteIfChanged(
      db,
      {
        bookingId: bookingIdOf(r.slot),
        menteeId: r.slot.menteeId,
        mentorId: r.slot.mentorId,
        kind: "cancelled",
        byRole: "mentor",
        fromStart: r.slot.startAt,
        slotId: r.slot.id,
        message: NOT_RESCHEDULED,
      },
      now,
    );
    const toMentee = { role: "mentee" as const, id: r.slot.menteeId };
    const toMentor = { role: "mentor" as const, id: r.slot.mentorId };
    const menteeNotice = notificationWrite(
      db,
      toMentee,
      {
        type: "alert",
        kind: "booking",
        content: `Your session with ${r.mentor.first} ${r.mentor.last} on ${formatWhen(r.slot.startAt, zoneOr(r.mentee.zone))} was not moved in time, so it was released. The call is back in your plan.`,
      },
      now,
      { ifPreviousChanged: true },
    );
    const mentorNotice = notificationWrite(
      db,
      toMentor,
      {
        type: "alert",
        kind: "booking",
        content: `The session with ${r.mentee.first} ${r.mentee.last} on ${formatWhen(r.slot.startAt, mentorZoneOrDefault(r.mentor.zone))} was not moved in time, so it was released.`,
      },
      now,
      { ifPreviousChanged: true },
    );
    const [changed] = await db.batch([release, history, menteeNotice.statement, mentorNotice.statement]);
    if (changed.length !== 1) continue;
    released++;
    pushNotification(env, waitUntil, toMentee, menteeNotice.view);
    pushNotification(env, waitUntil, toMentor, mentorNotice.view);
    pushToUser(env, waitUntil, toMentee, "scheduler", { slotId: r.slot.id, change: "cancelled" });
  }
  return { released };
}
