import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { bookingEvents, timeSlots } from "./schema";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A booking of the demo mentee with the demo mentor that she moved once (ADR 0023), so the booked
 * slots show "Moved from … by you" and the mentor's slot its history. The soonest upcoming booking of
 * the pair becomes that booking (no extra call used): SEQUENCE 1 and a 'moved' history row, moved two
 * days ago from a day earlier than its time. Booked demo slots also get the identity a booking carries
 * (as migration 0011 gave existing bookings). Idempotent: a booking that already has history is left alone.
 */
export async function seedMovesDemo(db: Db, menteeId: string, mentorId: string, now = Date.now()): Promise<void> {
  await db.run(
    sql`update time_slots set booking_id = id || '-' || booked_at where mentor_id = ${mentorId} and state = 'booked' and booking_id is null and booked_at is not null`,
  );
  const [next] = await db
    .select()
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.mentorId, mentorId),
        eq(timeSlots.menteeId, menteeId),
        eq(timeSlots.state, "booked"),
        gt(timeSlots.startAt, new Date(now)),
      ),
    )
    .orderBy(asc(timeSlots.startAt))
    .limit(1);
  if (!next?.bookingId) return;
  const history = await db.query.bookingEvents.findFirst({ where: eq(bookingEvents.bookingId, next.bookingId), columns: { id: true } });
  if (history) return;
  const movedAt = new Date(now - 2 * DAY);
  await db.batch([
    db
      .update(timeSlots)
      .set({ sequence: 1, bookedAt: movedAt, agenda: next.agenda ?? "Practise a system design interview" })
      .where(eq(timeSlots.id, next.id)),
    db.insert(bookingEvents).values({
      bookingId: next.bookingId,
      menteeId,
      mentorId,
      kind: "moved",
      byRole: "mentee",
      fromStart: new Date(next.startAt.getTime() - DAY),
      toStart: next.startAt,
      slotId: next.id,
      createdAt: movedAt,
    }),
  ]);
}
