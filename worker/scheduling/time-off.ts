import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { timeOff, timeSlots } from "../../db/schema";
import { addDays, dayKey, zonedInstant } from "../../shared/zoned-time";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { mentorZone } from "./availability";
import { askReschedule } from "./reschedule-ask";
import { type SlotView, slotQuery, slotView } from "./slot-view";
import { deleteSlot } from "./slots";
import { offerFreedSlotAfterAnswer } from "./waitlist";
import { insertedIds, regenerationFor } from "./weekly-hours";

/**
 * Time off (ADR 0023): days the mentor is away. While a period exists the booking statement refuses
 * any slot inside it (booking-rules.ts), and the weekly hours generate nothing there. Adding one
 * either asks each mentee with a booking inside to pick another time (the mentor's request to
 * reschedule, as from the scheduler) or cancels those bookings exactly as the mentor deleting each
 * booked slot would, after he has seen them listed (a booking made since is a refusal, so he never
 * asks or cancels one he did not see).
 */

export type TimeOffView = { id: string; firstDay: string; lastDay: string; start: string; end: string; note: string | null };
export type TimeOffInput = { firstDay: string; lastDay: string; note?: string | null };

/** The request each mentee gets when the mentor takes time off and asks them to move, without a note of his own. */
export const TIME_OFF_ASK = "I'm away on that day. Please pick another time.";

/** At most this many current and future periods per mentor. */
const MAX_PERIODS = 50;
export const BOOKINGS_CHANGED = "The bookings in this period changed. Review them and confirm again.";

const view = (row: typeof timeOff.$inferSelect): TimeOffView => ({
  id: row.id,
  firstDay: row.firstDay,
  lastDay: row.lastDay,
  start: row.startAt.toISOString(),
  end: row.endAt.toISOString(),
  note: row.note,
});

/** The instants of a period of whole days in the zone: the first day's midnight to the midnight after the last day (DST-correct). */
export function periodInstants(firstDay: string, lastDay: string, zone: string, now: Date): { startAt: Date; endAt: Date } {
  const today = dayKey(now, zone);
  if (lastDay < today) fail("BAD_REQUEST", `This period has already passed (today is ${today} in ${zone}). Choose days from today on.`);
  const after = addDays(lastDay, 1);
  return { startAt: zonedInstant(firstDay, "00:00", zone), endAt: zonedInstant(after, "00:00", zone) };
}

/** The mentor's current and future time off, soonest first. */
export async function listTimeOff(db: Db, mentorId: string, now: Date): Promise<TimeOffView[]> {
  const rows = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.mentorId, mentorId), gt(timeOff.endAt, now)))
    .orderBy(asc(timeOff.startAt));
  return rows.map(view);
}

const inside = (mentorId: string, period: { startAt: Date; endAt: Date }, now: Date) =>
  and(
    eq(timeSlots.mentorId, mentorId),
    gt(timeSlots.startAt, now),
    lt(timeSlots.startAt, period.endAt),
    gt(timeSlots.endAt, period.startAt),
  );

async function bookingsInside(db: Db, mentorId: string, period: { startAt: Date; endAt: Date }, now: Date): Promise<SlotView[]> {
  const rows = await slotQuery(db)
    .where(and(inside(mentorId, period, now), eq(timeSlots.state, "booked")))
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => slotView(r, now));
}

/** What adding the period would do: the bookings it would cancel (to list and confirm) and how many open slots it would remove. */
export async function previewTimeOff(
  db: Db,
  mentorId: string,
  input: TimeOffInput,
  now: Date,
): Promise<{ bookings: SlotView[]; openSlots: number }> {
  const period = periodInstants(input.firstDay, input.lastDay, await mentorZone(db, mentorId), now);
  const [bookings, [open]] = await Promise.all([
    bookingsInside(db, mentorId, period, now),
    db
      .select({ n: count() })
      .from(timeSlots)
      .where(and(inside(mentorId, period, now), eq(timeSlots.state, "open"))),
  ]);
  return { bookings, openSlots: open?.n ?? 0 };
}

/** A booked slot the mentor confirmed: by its booking's id (or its slot's id). */
const confirmed = (b: SlotView, ids: Set<string>) => ids.has(b.id) || (b.bookingId !== null && ids.has(b.bookingId));

/**
 * Adds time off. Refused, before anything is written, when the bookings inside are not exactly the
 * ones the mentor confirmed (409 with the fresh list). Then, in one batch, the period is saved (from
 * then on no booking can land inside it) and the open slots inside are deleted; then each booked slot
 * inside is cancelled the way a mentor deletes one (her notice with the reason, the push, the call
 * back in her plan), including one that was booked in the instant before the period was saved.
 */
export async function addTimeOff(
  deps: ServiceDeps & { origin: string },
  mentorId: string,
  input: TimeOffInput & { confirmedBookingIds: string[]; bookings?: "ask" | "cancel" },
): Promise<{ timeOff: TimeOffView; cancelled: number; asked: number; removed: number }> {
  const { db, now } = deps;
  const period = periodInstants(input.firstDay, input.lastDay, await mentorZone(db, mentorId), now);
  const ids = new Set(input.confirmedBookingIds);
  const bookings = await bookingsInside(db, mentorId, period, now);
  const stale = bookings.some((b) => !confirmed(b, ids)) || [...ids].some((id) => !bookings.some((b) => b.id === id || b.bookingId === id));
  if (stale) fail("CONFLICT", BOOKINGS_CHANGED, { bookings });
  const [current] = await db
    .select({ n: count() })
    .from(timeOff)
    .where(and(eq(timeOff.mentorId, mentorId), gt(timeOff.endAt, now)));
  if ((current?.n ?? 0) >= MAX_PERIODS)
    fail("CONFLICT", `You can have at most ${MAX_PERIODS} periods of time off. Remove a past or unneeded one first.`);

  const id = crypto.randomUUID();
  const note = input.note?.trim() || null;
  const row = { id, mentorId, firstDay: input.firstDay, lastDay: input.lastDay, ...period, note, createdAt: now };
  const [, removed] = await db.batch([
    db.insert(timeOff).values(row),
    db
      .update(timeSlots)
      .set({ state: "deleted" })
      .where(and(inside(mentorId, period, now), eq(timeSlots.state, "open")))
      .returning({ id: timeSlots.id }),
  ]);
  let cancelled = 0;
  let asked = 0;
  for (const booking of await bookingsInside(db, mentorId, period, now)) {
    try {
      if (input.bookings === "ask") {
        // Already asked (from the scheduler): asked again with these words; she still has until the start to move it.
        // Without his note no text is stored: each mentee reads the default in her own language.
        await askReschedule(deps, mentorId, booking.id, note, TIME_OFF_ASK);
        asked++;
      } else if ((await deleteSlot(deps, { mentorId, slotId: booking.id, reason: "Time off" })).cancelledBooking) cancelled++;
    } catch (error) {
      // A slot the mentee cancelled or moved meanwhile is gone already; anything else is logged and the rest still handled.
      console.warn(`[${deps.requestId}] time off: booking ${booking.id} not ${input.bookings === "ask" ? "asked" : "cancelled"}`, error);
    }
  }
  return { timeOff: view(row), cancelled, asked, removed: removed.length };
}

/**
 * Removes the mentor's own time off (another mentor's, or one that is gone: 404) and, in the same
 * batch, generates the weekly-hours slots of that period again (up to the generated horizon). The
 * waitlist hears of the new slots after the commit.
 */
export async function removeTimeOff(
  deps: ServiceDeps & { origin: string },
  mentorId: string,
  timeOffId: string,
): Promise<{ added: number }> {
  const { db, now } = deps;
  const [row] = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.id, timeOffId), eq(timeOff.mentorId, mentorId)))
    .limit(1);
  if (!row) fail("NOT_FOUND", "This time off does not exist.");
  const regenerate = await regenerationFor(db, mentorId, row.startAt, row.endAt, now);
  const [deleted, ...inserted] = await db.batch([
    db
      .delete(timeOff)
      .where(and(eq(timeOff.id, timeOffId), eq(timeOff.mentorId, mentorId)))
      .returning({ id: timeOff.id }),
    ...regenerate,
  ]);
  if (deleted.length === 0) fail("NOT_FOUND", "This time off does not exist.");
  const added = insertedIds(inserted);
  offerFreedSlotAfterAnswer(deps, added, `[${deps.requestId}] time off removed`);
  return { added: added.length };
}
