import { and, eq, gt, isNull, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, type SlotType, timeSlots } from "../../db/schema";
import { DISPUTE_WINDOW_MS, type SessionOutcome } from "../../shared/attendance";
import { callEnd, TRIAL_CALL_MS } from "../../shared/live-window";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { profileImageUrl } from "../accounts/accounts";
import { slotMentee, slotWithPeople } from "./slot-with-people";

type Slot = typeof timeSlots.$inferSelect;

/** A time slot as SPEC §3 names its fields (with `id` for tRPC; the REST shape adds `_id`), plus what the screens need. */
export type SlotView = {
  id: string;
  type: SlotType;
  state: "open" | "booked" | "past";
  start: string;
  end: string;
  menteeId: string | null;
  menteeName: string | null;
  menteeTimeZone: string | null;
  mentorId: string;
  mentorName: string;
  mentorProfileImage: string;
  mentorTimeZone: string;
  title: string | null;
  description: string | null;
  /** Published by hand, or generated from the weekly hours (ADR 0023). */
  source: "manual" | "hours";
  /** While booked: the booking's identity (kept across moves), its calendar SEQUENCE, and what the mentee would like to discuss. */
  bookingId: string | null;
  sequence: number;
  agenda: string | null;
  /** While booked: the mentor asked the mentee to pick another time. */
  rescheduleRequest: { at: string; message: string | null } | null;
  /** Once settled after its end (ADR 0026): how it ended, and until when either side may dispute it (null: no longer, or already disputed). */
  attendance: { outcome: SessionOutcome; at: string; disputed: boolean; disputeUntil: string | null } | null;
};

const slotColumns = {
  slot: timeSlots,
  mentorFirst: mentors.firstName,
  mentorLast: mentors.lastName,
  mentorImage: mentors.profileImageKey,
  mentorZone: mentors.timeZone,
  menteeFirst: slotMentee.firstName,
  menteeLast: slotMentee.lastName,
  menteeZone: slotMentee.timeZone,
};

export type SlotRow = {
  slot: Slot;
  mentorFirst: string;
  mentorLast: string;
  mentorImage: string | null;
  mentorZone: string | null;
  menteeFirst: string | null;
  menteeLast: string | null;
  menteeZone: string | null;
};

export function slotView(r: SlotRow, now: Date): SlotView {
  const booked = r.slot.state === "booked";
  return {
    id: r.slot.id,
    type: r.slot.type,
    state: r.slot.startAt.getTime() <= now.getTime() && !booked ? "past" : booked ? "booked" : "open",
    start: r.slot.startAt.toISOString(),
    end: r.slot.endAt.toISOString(),
    menteeId: booked ? r.slot.menteeId : null,
    menteeName: booked && r.menteeFirst ? `${r.menteeFirst} ${r.menteeLast}` : null,
    menteeTimeZone: booked ? r.menteeZone : null,
    mentorId: r.slot.mentorId,
    mentorName: `${r.mentorFirst} ${r.mentorLast}`,
    mentorProfileImage: profileImageUrl(r.mentorImage),
    mentorTimeZone: mentorZoneOrDefault(r.mentorZone),
    title: r.slot.title,
    description: r.slot.description,
    source: r.slot.source,
    bookingId: booked ? r.slot.bookingId : null,
    sequence: booked ? r.slot.sequence : 0,
    agenda: booked ? r.slot.agenda : null,
    rescheduleRequest:
      booked && r.slot.rescheduleRequestedAt ? { at: r.slot.rescheduleRequestedAt.toISOString(), message: r.slot.rescheduleMessage } : null,
    attendance: booked ? attendanceView(r.slot, now) : null,
  };
}

/** A settled session's outcome as its two participants see it. */
export function attendanceView(slot: Pick<Slot, "outcome" | "outcomeAt" | "disputedAt">, now: Date): SlotView["attendance"] {
  if (!slot.outcome || !slot.outcomeAt) return null;
  const until = slot.outcomeAt.getTime() + DISPUTE_WINDOW_MS;
  return {
    outcome: slot.outcome,
    at: slot.outcomeAt.toISOString(),
    disputed: Boolean(slot.disputedAt),
    disputeUntil: !slot.disputedAt && until > now.getTime() ? new Date(until).toISOString() : null,
  };
}

/**
 * The one rule for "upcoming": a booking is ahead until its call ends (an intro call 15 minutes into its one-hour
 * slot, shared/live-window.ts) and while it is not settled; after that it is past on every list (her booked slots,
 * her home's next session, his upcoming live sessions), with its outcome once settled (ADR 0026). The same end the
 * live room refuses entry at, so no list offers Join or Go Live for a call one can no longer enter.
 */
export function isBookingAhead(slot: Pick<Slot, "type" | "startAt" | "endAt" | "outcome">, now: Date): boolean {
  return !slot.outcome && callEnd({ type: slot.type, start: slot.startAt, end: slot.endAt }).getTime() > now.getTime();
}

/** `isBookingAhead` as a query condition on time slots. */
export function bookingAhead(now: Date): SQL {
  return and(
    isNull(timeSlots.outcome),
    or(
      and(eq(timeSlots.type, "trial"), gt(timeSlots.startAt, new Date(now.getTime() - TRIAL_CALL_MS))),
      and(ne(timeSlots.type, "trial"), gt(timeSlots.endAt, now)),
    ),
  ) as SQL;
}

export function slotQuery(db: Db) {
  return slotWithPeople(db, slotColumns);
}

export async function readSlot(db: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await slotQuery(db).where(eq(timeSlots.id, slotId)).limit(1);
  return row;
}
