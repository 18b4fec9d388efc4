import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { livePresence, mentees, mentors, tickets, timeSlots } from "./schema";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Stretch = [role: "mentee" | "mentor", fromMin: number, toMin: number];

/**
 * Attendance for the demo (ADR 0026): the demo pair's past sessions count as completed, with both
 * present in the room's record; Priya has one Asha missed (settled two hours ago, so "Book another
 * time" and "Dispute" show); Rahul missed one with Asha and disputed it (an open attendance ticket in
 * the moderators' queue, with what the room recorded). Keyed by the sessions' agendas (their titles
 * are left to the hand-made slots of her weekly hours): a second run adds nothing.
 */
export async function seedAttendanceDemo(db: Db, now = Date.now()): Promise<void> {
  const [asha] = await db.select({ id: mentors.id }).from(mentors).where(eq(mentors.email, "mentor@example.com"));
  const [priya] = await db.select({ id: mentees.id }).from(mentees).where(eq(mentees.email, "mentee@example.com"));
  const [rahul] = await db.select({ id: mentees.id }).from(mentees).where(eq(mentees.email, "rahul.mentee@example.com"));
  if (!asha || !priya || !rahul) return;

  // Every past session of Asha's without an outcome was attended by both (the demo's history).
  const past = await db
    .select({ id: timeSlots.id, startAt: timeSlots.startAt, endAt: timeSlots.endAt, menteeId: timeSlots.menteeId })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.mentorId, asha.id),
        eq(timeSlots.state, "booked"),
        isNull(timeSlots.outcome),
        lt(timeSlots.endAt, new Date(now - 5 * MIN)),
      ),
    );
  for (const s of past) {
    await record(db, s.id, { mentee: s.menteeId!, mentor: asha.id }, s.startAt, [
      ["mentee", -3, 58],
      ["mentor", 0, 60],
    ]);
    await db
      .update(timeSlots)
      .set({ outcome: "completed", outcomeAt: new Date(s.endAt.getTime() + 5 * MIN) })
      .where(eq(timeSlots.id, s.id));
  }

  const missed = await pastSession(db, asha.id, priya.id, "Portfolio review: my case studies", now - 2 * HOUR - 65 * MIN);
  if (missed) {
    await record(db, missed.id, { mentee: priya.id, mentor: asha.id }, missed.startAt, [["mentee", -4, 14]]);
    await db
      .update(timeSlots)
      .set({ outcome: "mentor_no_show", outcomeAt: new Date(now - 2 * HOUR) })
      .where(eq(timeSlots.id, missed.id));
  }

  const late = await pastSession(db, asha.id, rahul.id, "Resume review before applications", now - 3 * DAY);
  if (late) {
    await record(db, late.id, { mentee: rahul.id, mentor: asha.id }, late.startAt, [
      ["mentor", -1, 15],
      ["mentee", 24, 29],
    ]);
    const settledAt = new Date(late.startAt.getTime() + 65 * MIN);
    await db.batch([
      db
        .update(timeSlots)
        .set({ outcome: "mentee_no_show", outcomeAt: settledAt, disputedAt: new Date(settledAt.getTime() + 3 * HOUR) })
        .where(eq(timeSlots.id, late.id)),
      db.insert(tickets).values({
        reporterRole: "mentee",
        reporterId: rahul.id,
        accusedRole: "mentor",
        accusedId: asha.id,
        kind: "attendance",
        slotId: late.id,
        content: `Attendance dispute about the session of ${late.startAt.toISOString().slice(0, 16).replace("T", " ")} UTC, recorded as "Missed by the mentee". My internet was down for the first twenty minutes; I joined as soon as it was back and Asha had left.`,
        createdAt: new Date(settledAt.getTime() + 3 * HOUR),
      }),
    ]);
  }
}

/** A booked session of the pair with this agenda starting at `start` (rounded to a half hour), unless the pair has one with this agenda already. */
async function pastSession(db: Db, mentorId: string, menteeId: string, agenda: string, start: number) {
  const seeded = await db.query.timeSlots.findFirst({
    where: and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.agenda, agenda)),
    columns: { id: true },
  });
  if (seeded) return null;
  let at = Math.floor(start / (30 * MIN)) * 30 * MIN;
  // Clear of her other slots (one live slot per start).
  const near = async (t: number) =>
    (
      await db.all<{ n: number }>(
        sql`select count(*) as n from time_slots where mentor_id = ${mentorId} and state <> 'deleted' and start_at > ${t - HOUR} and start_at < ${t + HOUR}`,
      )
    )[0].n;
  while (Number(await near(at)) > 0) at -= 2 * HOUR;
  const [slot] = await db
    .insert(timeSlots)
    .values({
      mentorId,
      menteeId,
      state: "booked",
      type: "session",
      agenda,
      startAt: new Date(at),
      endAt: new Date(at + HOUR),
      bookedAt: new Date(at - 4 * DAY),
      bookingId: crypto.randomUUID(),
      createdAt: new Date(at - 5 * DAY),
    })
    .returning({ id: timeSlots.id, startAt: timeSlots.startAt });
  return slot;
}

/** What the live room would have written for the session: stretches in minutes from its start. */
async function record(db: Db, slotId: string, ids: { mentee: string; mentor: string }, start: Date, stretches: Stretch[]) {
  const has = await db.query.livePresence.findFirst({ where: eq(livePresence.slotId, slotId), columns: { id: true } });
  if (has) return;
  await db.insert(livePresence).values(
    stretches.map(([role, from, to]) => ({
      slotId,
      role,
      personId: ids[role],
      connectionId: `seed-${slotId}-${role}-${from}`,
      joinedAt: new Date(start.getTime() + from * MIN),
      leftAt: new Date(start.getTime() + to * MIN),
    })),
  );
}
