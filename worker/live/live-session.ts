import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, timeSlots } from "../../db/schema";
import { callEnd, LIVE_EARLY_MS, LIVE_GRACE_MS, TRIAL_CALL_MS } from "../../shared/live-window";
import { formatWhen, mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { profileImageUrl } from "../accounts/accounts";
import { fail } from "../platform/domain-error";
import { bookedSlotWithPeople, slotMentee } from "../scheduling/slot-with-people";

export { LIVE_EARLY_MS, LIVE_GRACE_MS, TRIAL_CALL_MS };

export type LiveRole = "mentee" | "mentor";
type Person = { id: string; name: string; firstName: string; profileImageUrl: string; timeZone: string };

/** A booked session as its two participants see it, with the window of its live room. */
export type LiveSession = {
  slotId: string;
  type: "session" | "trial";
  role: LiveRole;
  me: Person;
  other: Person & { role: LiveRole };
  start: string;
  end: string;
  /** Entering is allowed from `opensAt` until `end`; the room closes connected participants at `closesAt`. */
  opensAt: string;
  closesAt: string;
  /** What the mentee would like to discuss, as she wrote it when booking (ADR 0026); null when she wrote nothing. */
  agenda: string | null;
  /** The server's clock when this was read, so a page's countdown does not trust the device clock. */
  now: string;
};

/** The session behind `slotId` for one of its two participants (404 when there is no booked session, 403 for anyone else). */
export async function liveSessionFor(db: Db, who: { role: string; id: string }, slotId: string, now: Date): Promise<LiveSession> {
  const [row] = await bookedSlotWithPeople(db, {
    slot: timeSlots,
    mentor: { id: mentors.id, first: mentors.firstName, last: mentors.lastName, image: mentors.profileImageKey, zone: mentors.timeZone },
    mentee: {
      id: slotMentee.id,
      first: slotMentee.firstName,
      last: slotMentee.lastName,
      image: slotMentee.profileImageKey,
      zone: slotMentee.timeZone,
    },
  })
    .where(eq(timeSlots.id, slotId))
    .limit(1);
  if (row?.slot.state !== "booked") fail("NOT_FOUND", "There is no booked session with this id.");
  const role: LiveRole | null =
    who.role === "mentor" && who.id === row.mentor.id ? "mentor" : who.role === "mentee" && who.id === row.mentee.id ? "mentee" : null;
  if (!role) fail("FORBIDDEN", "This session is not yours: only its mentor and its mentee can join it.");
  const mentor: Person = {
    id: row.mentor.id,
    name: `${row.mentor.first} ${row.mentor.last}`,
    firstName: row.mentor.first,
    profileImageUrl: profileImageUrl(row.mentor.image),
    timeZone: mentorZoneOrDefault(row.mentor.zone),
  };
  const mentee: Person = {
    id: row.mentee.id,
    name: `${row.mentee.first} ${row.mentee.last}`,
    firstName: row.mentee.first,
    profileImageUrl: profileImageUrl(row.mentee.image),
    timeZone: zoneOr(row.mentee.zone),
  };
  const start = row.slot.startAt;
  const end = callEnd({ type: row.slot.type, start, end: row.slot.endAt });
  return {
    slotId,
    type: row.slot.type,
    role,
    me: role === "mentor" ? mentor : mentee,
    other: role === "mentor" ? { ...mentee, role: "mentee" } : { ...mentor, role: "mentor" },
    start: start.toISOString(),
    end: end.toISOString(),
    opensAt: new Date(start.getTime() - LIVE_EARLY_MS).toISOString(),
    closesAt: new Date(end.getTime() + LIVE_GRACE_MS).toISOString(),
    agenda: row.slot.agenda ?? null,
    now: now.toISOString(),
  };
}

/** Why a participant may not enter now, or null when the room is open to them (from 10 minutes before the start until the end). */
export function liveRefusal(session: LiveSession, now: Date): string | null {
  const zone = session.me.timeZone;
  if (now.getTime() < Date.parse(session.opensAt)) {
    return `Too early: this session starts ${formatWhen(session.start, zone)}; you can join from 10 minutes before.`;
  }
  if (now.getTime() >= Date.parse(session.end)) return `This session has ended (it ended ${formatWhen(session.end, zone)}).`;
  return null;
}

/** The slot ids whose live room `who` may be in now (from its opening to its closing), for closing their sockets. */
export async function openLiveRoomsOf(db: Db, who: { role: LiveRole; id: string }, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(
      and(
        eq(who.role === "mentor" ? timeSlots.mentorId : timeSlots.menteeId, who.id),
        eq(timeSlots.state, "booked"),
        lte(timeSlots.startAt, new Date(now.getTime() + LIVE_EARLY_MS)),
        gt(timeSlots.endAt, new Date(now.getTime() - LIVE_GRACE_MS)),
      ),
    );
  return rows.map((row) => row.id);
}

/** verify-live: the session when the caller may enter it now; 404, or 403 with the reason, otherwise. */
export async function verifyLive(db: Db, who: { role: string; id: string }, slotId: string, now: Date): Promise<LiveSession> {
  const session = await liveSessionFor(db, who, slotId, now);
  const refusal = liveRefusal(session, now);
  if (refusal) fail("FORBIDDEN", refusal, { opensAt: session.opensAt, end: session.end });
  return session;
}
