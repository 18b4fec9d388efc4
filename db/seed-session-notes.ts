import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { mentees, mentors, sessionNoteComments, sessionNotes, timeSlots } from "./schema";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The agenda of the demo pair's past session with shared notes; it keys the session (titles are left to the hand-made slots of Asha's weekly hours). */
export const NOTES_DEMO_AGENDA = "Interview preparation: my story, and system design practice for my interviews next month.";

export const NOTES_DEMO_BODY = [
  "What we covered",
  "- Your story for 'Tell me about yourself': lead with the payments migration, keep it under two minutes.",
  "- System design: practise the URL shortener end to end, then the rate limiter.",
  "",
  "Next steps",
  "1. Write down three stories in the STAR format (one conflict, one failure, one win).",
  "2. Read https://github.com/donnemartin/system-design-primer before our next session.",
  "3. Book a mock interview with me in two weeks.",
].join("\n");

export const NOTES_DEMO_COMMENT =
  "Thank you! I wrote my three stories here: https://example.com/priya-star-stories. Could we start the mock interview with the rate limiter?";

/** The upcoming booking's agenda gains a link (the moves seed writes the first line). */
const MOVES_AGENDA = "Practise a system design interview";
const AGENDA_WITH_LINK = `${MOVES_AGENDA}\nMy draft of the URL shortener: https://example.com/priya-url-shortener`;

/**
 * "Before and after" a session for the demo (ADR 0026): Priya and Asha have a past session, completed,
 * with Asha's notes and Priya's comment under them; her next booking with Asha has an agenda with a
 * link; and since that session is recent and she has not rated Asha for more than 30 days, her home
 * asks "How was your session with Asha?". Keyed by the session's agenda, the notes' slot and the agenda's
 * words: a second run adds nothing and changes nothing.
 */
export async function seedSessionNotesDemo(db: Db, now = Date.now()): Promise<void> {
  const [asha] = await db.select({ id: mentors.id }).from(mentors).where(eq(mentors.email, "mentor@example.com"));
  const [priya] = await db.select({ id: mentees.id }).from(mentees).where(eq(mentees.email, "mentee@example.com"));
  if (!asha || !priya) return;

  const slot = await notesSession(db, asha.id, priya.id, now - 4 * DAY);
  const written = new Date(slot.endAt.getTime() + 40 * MIN);
  await db.insert(sessionNotes).values({ slotId: slot.id, body: NOTES_DEMO_BODY, updatedAt: written }).onConflictDoNothing();
  const comment = await db.query.sessionNoteComments.findFirst({ where: eq(sessionNoteComments.slotId, slot.id), columns: { id: true } });
  if (!comment) {
    await db.insert(sessionNoteComments).values({
      slotId: slot.id,
      authorRole: "mentee",
      authorId: priya.id,
      body: NOTES_DEMO_COMMENT,
      createdAt: new Date(written.getTime() + 3 * HOUR),
    });
  }

  const [next] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.mentorId, asha.id),
        eq(timeSlots.menteeId, priya.id),
        eq(timeSlots.state, "booked"),
        gt(timeSlots.startAt, new Date(now)),
        eq(timeSlots.agenda, MOVES_AGENDA),
      ),
    )
    .orderBy(asc(timeSlots.startAt))
    .limit(1);
  if (next) await db.update(timeSlots).set({ agenda: AGENDA_WITH_LINK }).where(eq(timeSlots.id, next.id));
}

/** The pair's session with the notes: found by its agenda, else booked at `start` (clear of her other slots) and completed. */
async function notesSession(db: Db, mentorId: string, menteeId: string, start: number) {
  const seeded = await db.query.timeSlots.findFirst({
    where: and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.agenda, NOTES_DEMO_AGENDA)),
    columns: { id: true, endAt: true },
  });
  if (seeded) return seeded;
  let at = Math.floor(start / (30 * MIN)) * 30 * MIN;
  const near = async (t: number) =>
    Number(
      (
        await db.all<{ n: number }>(
          sql`select count(*) as n from time_slots where mentor_id = ${mentorId} and state <> 'deleted' and start_at > ${t - HOUR} and start_at < ${t + HOUR}`,
        )
      )[0].n,
    );
  while ((await near(at)) > 0) at -= 2 * HOUR;
  const [slot] = await db
    .insert(timeSlots)
    .values({
      mentorId,
      menteeId,
      state: "booked",
      type: "session",
      agenda: NOTES_DEMO_AGENDA,
      startAt: new Date(at),
      endAt: new Date(at + HOUR),
      bookedAt: new Date(at - 3 * DAY),
      bookingId: crypto.randomUUID(),
      outcome: "completed",
      outcomeAt: new Date(at + HOUR + 5 * MIN),
      createdAt: new Date(at - 4 * DAY),
    })
    .returning({ id: timeSlots.id, endAt: timeSlots.endAt });
  return slot;
}
