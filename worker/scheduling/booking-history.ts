import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BookingEventKind, bookingEvents, mentors } from "../../db/schema";
import { fail } from "../platform/domain-error";
import { readSlot } from "./slot-view";

/**
 * A booking's history (ADR 0023): "moved from … by …", the mentor's request to reschedule, a
 * cancellation and its reason. Rows are appended in the same batch as the change they record.
 */

export type BookingEvent = {
  bookingId: string;
  menteeId: string;
  mentorId: string;
  kind: BookingEventKind;
  byRole: "mentee" | "mentor";
  fromStart: Date;
  toStart?: Date | null;
  slotId: string;
  message?: string | null;
};

export type HistoryEntry = {
  kind: BookingEventKind;
  byRole: "mentee" | "mentor" | "moderator";
  fromStart: string;
  toStart: string | null;
  message: string | null;
  at: string;
};

/** A booking's identity: the one it carries, or (a booking made before identities existed) the one it would have been given. */
export const bookingIdOf = (slot: { id: string; bookingId: string | null; bookedAt: Date | null }) =>
  slot.bookingId ?? `${slot.id}-${slot.bookedAt?.getTime() ?? 0}`;

/**
 * The history row as a statement for the SAME batch, written only when the statement just before it
 * changed a row (SQLite's `changes()`), so a change that matched nothing leaves no history behind.
 */
export function historyWriteIfChanged(db: Db, e: BookingEvent, now: Date) {
  return db.run(sql`insert into ${bookingEvents} (id, booking_id, mentee_id, mentor_id, kind, by_role, from_start, to_start, slot_id, message, created_at)
    select ${crypto.randomUUID()}, ${e.bookingId}, ${e.menteeId}, ${e.mentorId}, ${e.kind}, ${e.byRole}, ${e.fromStart.getTime()}, ${e.toStart?.getTime() ?? null}, ${e.slotId}, ${e.message ?? null}, ${now.getTime()}
    where changes() = 1`);
}

const entry = (r: typeof bookingEvents.$inferSelect): HistoryEntry => ({
  kind: r.kind,
  byRole: r.byRole,
  fromStart: r.fromStart.toISOString(),
  toStart: r.toStart?.toISOString() ?? null,
  message: r.message,
  at: r.createdAt.toISOString(),
});

/** The history of several of one mentee's bookings in one query, newest first per booking (her booked slots). */
export async function historiesOf(db: Db, menteeId: string, bookingIds: string[]): Promise<Map<string, HistoryEntry[]>> {
  const byBooking = new Map<string, HistoryEntry[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.menteeId, menteeId), inArray(bookingEvents.bookingId, bookingIds)))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id));
  for (const r of rows) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), entry(r)]);
  return byBooking;
}

/** The history of the booking now on `slotId`, newest first, for a party to it (the mentee who holds it, or the slot's mentor). */
export async function bookingHistory(db: Db, who: { role: string; id: string }, slotId: string): Promise<HistoryEntry[]> {
  const row = await readSlot(db, slotId);
  if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This booking does not exist.");
  const party =
    who.role === "mentor"
      ? row.slot.mentorId === who.id
      : who.role === "mentee" && row.slot.state === "booked" && row.slot.menteeId === who.id;
  if (!party) fail("FORBIDDEN", "You can only see the history of your own bookings.");
  if (row.slot.state !== "booked") return [];
  const bookingId = bookingIdOf(row.slot);
  const rows = await db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.mentorId, row.slot.mentorId)))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id));
  return rows.map(entry);
}

/** How many of her cancelled bookings her booked slots list. */
export const CANCELLED_SHOWN = 20;

export type CancelledBooking = {
  bookingId: string;
  mentorId: string;
  mentorName: string;
  /** When the session would have been. */
  start: string;
  byRole: "mentee" | "mentor" | "moderator";
  /** The reason given, if any (the other side saw it too). */
  reason: string | null;
  at: string;
};

/** Her latest cancelled bookings, newest cancellation first: who cancelled and why, so a cancelled session never vanishes without a trace. */
export async function cancelledBookingsOf(db: Db, menteeId: string): Promise<CancelledBooking[]> {
  const rows = await db
    .select({ e: bookingEvents, first: mentors.firstName, last: mentors.lastName })
    .from(bookingEvents)
    .innerJoin(mentors, eq(mentors.id, bookingEvents.mentorId))
    .where(and(eq(bookingEvents.menteeId, menteeId), eq(bookingEvents.kind, "cancelled")))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
    .limit(CANCELLED_SHOWN);
  return rows.map(({ e, first, last }) => ({
    bookingId: e.bookingId,
    mentorId: e.mentorId,
    mentorName: `${first} ${last}`,
    start: e.fromStart.toISOString(),
    byRole: e.byRole,
    reason: e.message,
    at: e.createdAt.toISOString(),
  }));
}
