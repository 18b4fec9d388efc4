import { asc, eq } from "drizzle-orm";
import { sessionNoteComments, sessionNotes } from "../../db/schema";
import { formatWhen, mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { type BookedSessionRow, bookedSessionRead, nameOf, otherOf, type Participant } from "../scheduling/booked-session";
import { completedSessionOf } from "./access";

/** A session's comments shown at most (oldest first); a conversation longer than this belongs in the chat. */
export const COMMENTS_SHOWN = 200;

export type SessionNotesView = {
  viewer: "mentee" | "mentor";
  session: { id: string; type: "session" | "trial"; start: string; end: string; title: string | null; agenda: string | null };
  mentor: { id: string; name: string; firstName: string; timeZone: string };
  mentee: { id: string; name: string; firstName: string; timeZone: string | null };
  /** Null until the mentor first writes them. */
  notes: { body: string; updatedAt: string } | null;
  comments: { id: string; authorRole: "mentee" | "mentor"; authorName: string; body: string; createdAt: string; mine: boolean }[];
};

/**
 * The shared notes page of a completed session (ADR 0026), for its two participants only: the
 * session, the mentor's notes and the comments under them. The session, notes and comments are read
 * together (one round trip) and shown only once the caller is known to be a participant.
 */
export async function sessionNotesView(deps: Pick<ServiceDeps, "db">, who: Participant, slotId: string): Promise<SessionNotesView> {
  const { db } = deps;
  const [[row], [notes], comments] = await Promise.all([
    bookedSessionRead(db, slotId),
    db.select().from(sessionNotes).where(eq(sessionNotes.slotId, slotId)).limit(1),
    db
      .select()
      .from(sessionNoteComments)
      .where(eq(sessionNoteComments.slotId, slotId))
      .orderBy(asc(sessionNoteComments.createdAt), asc(sessionNoteComments.id))
      .limit(COMMENTS_SHOWN),
  ]);
  const s = completedSessionOf(row, who);
  const names = { mentor: nameOf(s.mentor), mentee: nameOf(s.mentee) };
  return {
    viewer: who.role,
    session: {
      id: s.slot.id,
      type: s.slot.type,
      start: s.slot.startAt.toISOString(),
      end: s.slot.endAt.toISOString(),
      title: s.slot.title,
      agenda: s.slot.agenda,
    },
    mentor: { id: s.slot.mentorId, name: names.mentor, firstName: s.mentor.first, timeZone: mentorZoneOrDefault(s.mentor.zone) },
    mentee: { id: s.slot.menteeId!, name: names.mentee, firstName: s.mentee.first, timeZone: s.mentee.zone },
    notes: notes ? { body: notes.body, updatedAt: notes.updatedAt.toISOString() } : null,
    comments: comments.map((c) => ({
      id: c.id,
      authorRole: c.authorRole as "mentee" | "mentor",
      authorName: c.authorRole === "mentor" ? names.mentor : names.mentee,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
      mine: c.authorRole === who.role && c.authorId === who.id,
    })),
  };
}

/** When the session was, in the recipient's zone (for the bell). */
function whenFor(row: BookedSessionRow, to: Participant) {
  return formatWhen(row.slot.startAt, to.role === "mentor" ? mentorZoneOrDefault(row.mentor.zone) : zoneOr(row.mentee.zone));
}

/**
 * The mentor writes or edits the notes of his completed session. The first save tells the mentee
 * (her notice is written only if the row was new: `changes()` of the insert); later edits do not.
 */
export async function saveSessionNotes(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  mentorId: string,
  slotId: string,
  body: string,
) {
  const { db, now } = deps;
  const [row] = await bookedSessionRead(db, slotId);
  const who: Participant = { role: "mentor", id: mentorId };
  const s = completedSessionOf(row, who);
  const to = otherOf(s, who);
  const notice = notificationWrite(
    db,
    to,
    { type: "alert", kind: "booking", content: `${nameOf(s.mentor)} wrote notes for your session of ${whenFor(s, to)}.` },
    now,
    { ifPreviousChanged: true },
  );
  const [created] = await db.batch([
    db.insert(sessionNotes).values({ slotId, body, updatedAt: now }).onConflictDoNothing().returning({ slotId: sessionNotes.slotId }),
    notice.statement,
    db.update(sessionNotes).set({ body, updatedAt: now }).where(eq(sessionNotes.slotId, slotId)),
  ]);
  if (created.length) pushNotification(deps.env, deps.waitUntil, to, notice.view);
  return {
    message: created.length ? `Notes saved. ${s.mentee.first} was told.` : "Notes saved",
    notes: { body, updatedAt: now.toISOString() },
  };
}

/** Either participant comments under the notes of a completed session; the other is told. */
export async function commentOnSession(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  who: Participant,
  slotId: string,
  body: string,
) {
  const { db, now } = deps;
  const [row] = await bookedSessionRead(db, slotId);
  const s = completedSessionOf(row, who);
  const to = otherOf(s, who);
  const author = who.role === "mentor" ? nameOf(s.mentor) : nameOf(s.mentee);
  const notice = notificationWrite(
    db,
    to,
    { type: "alert", kind: "booking", content: `${author} commented on the notes of your session of ${whenFor(s, to)}.` },
    now,
  );
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(sessionNoteComments).values({ id, slotId, authorRole: who.role, authorId: who.id, body, createdAt: now }),
    notice.statement,
  ]);
  pushNotification(deps.env, deps.waitUntil, to, notice.view);
  return {
    message: "Comment added",
    comment: { id, authorRole: who.role, authorName: author, body, createdAt: now.toISOString(), mine: true },
  };
}
