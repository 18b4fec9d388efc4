import { and, eq, gt, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { enrollments, timeSlots } from "../../db/schema";
import { formatWhen, mentorZoneOrDefault } from "../../shared/zoned-time";
import { writeSessionEventSoon } from "../calendars/sync/session-marks";
import { deliverMailSoon } from "../mail/mail";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import { grantsAccess } from "../payments/enrollment-status";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { pushToUser } from "../realtime/push";
import { CANCEL_WINDOW_MS, inSlotTurn, OPENED, SETTLED } from "./booking";
import { stillBooked } from "./booking-guard";
import { bookingIdOf, historyWriteIfChanged } from "./booking-history";
import { type BookingAddresses, bookingEmails, bookingMailWrites, partiesOf } from "./booking-mail";
import { mentorDay, withinMentorRules } from "./booking-rules";
import { moveRefusal } from "./move-refusal";
import { forgetBooked } from "./slot-turns";
import { readSlot, type SlotRow, type SlotView, slotView } from "./slot-view";
import { leaveWaitlist, offerFreedSlotAfterAnswer } from "./waitlist";

// `origin`: the app's address the request reached, for the links its mails carry (the join link of a booking's calendar file).
type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now"> & { origin: string };

const MOVE_GUARD = /NOT NULL constraint failed: booking_events\.booking_id/;

/**
 * The target slot `toSlotId` may take the mentee's booking now, as SQL: written against `time_slots`
 * UNALIASED, so that placed inside `exists (select 1 from time_slots where time_slots.id = …)` every
 * column names the TARGET row (SQLite resolves a name to the innermost FROM holding it), even though
 * the surrounding UPDATE is on the source. It is open, of the same mentor, in the future, allowed by
 * the mentor's rules (the moving booking's own slot not counting against buffer or cap), clear of her
 * other bookings, and (a paid session) before the end of her active subscription's current period, so
 * the booking keeps its place in the quota and no second call is ever counted.
 */
function targetTakes(
  menteeId: string,
  sourceId: string,
  mentorId: string,
  type: "session" | "trial",
  day: { start: number; end: number },
  now: Date,
): SQL {
  const inPeriod =
    type === "session"
      ? sql`and exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${mentorId} and ${grantsAccess(now)}
          and ${timeSlots.startAt} < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991))`
      : sql``;
  return sql`${timeSlots.state} = 'open' and ${timeSlots.mentorId} = ${mentorId} and ${timeSlots.startAt} > ${now.getTime()}
    and ${withinMentorRules(menteeId, now, day, sourceId)}
    and not exists (select 1 from time_slots o where o.mentee_id = ${menteeId} and o.state = 'booked' and o.id <> ${sourceId} and o.start_at < ${timeSlots.endAt} and o.end_at > ${timeSlots.startAt})
    ${inPeriod}`;
}

/**
 * Moves the mentee's booking on `slotId` to the open slot `toSlotId` of the same mentor (ADR 0023), in
 * ONE `db.batch` (one transaction), so there is never a moment where both slots are held or neither:
 *
 *   1. the source is released (OPENED) only if it is still her booking as read (booked, same booking
 *      and booked-at), has not started, is more than 12 hours away or the mentor asked to reschedule,
 *      AND the target takes the booking (`targetTakes`, the whole condition of step 2 and more, as an
 *      `exists` on the target row). Releasing first keeps the one-trial index satisfied for a trial.
 *   2. the target becomes booked with the same booking (id, type, agenda, title), SEQUENCE + 1 and
 *      booked-at = now (the reminders are keyed on slot and booked-at, so the new time is reminded),
 *      where it is still open and `changes() = 1` (step 1 changed the source). Step 1 already proved
 *      every condition on the target in the same transaction and does not touch the target, so 2
 *      matches exactly when 1 did.
 *   3-5. the history row ('moved'), the mentor's notice and both parties' e-mails (with the
 *      .ics), each `where changes() = 1`.
 *   6. a guard: if the booking is held by no slot at the end (1 applied without 2), an insert with a
 *      NULL booking id violates NOT NULL and the whole batch rolls back. It cannot fire after a
 *      successful move; it also fires (harmlessly, nothing changed) when the booking was already gone.
 *
 * After the commit: the mentor's notice and `scheduler` pushes, the mail, and the waitlist is offered
 * the freed source slot. Refusals are explained by reading again (`moveRefusal`).
 */
export async function rescheduleBooking(deps: Deps, menteeId: string, slotId: string, toSlotId: string): Promise<SlotView> {
  if (slotId === toSlotId) fail("BAD_REQUEST", "Choose a different time to move this booking to.");
  // The target takes one booking or move at a time in this isolate, as a booking does: when many move onto one free hour at
  // once, the losers are answered from who took it, their own bookings untouched.
  return inSlotTurn(toSlotId, menteeId, () => moveInTurn(deps, menteeId, slotId, toSlotId));
}

async function moveInTurn(deps: Deps, menteeId: string, slotId: string, toSlotId: string): Promise<SlotView> {
  const { db, now } = deps;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [source, target, emails] = await Promise.all([readSlot(db, slotId), readSlot(db, toSlotId), bookingEmails(db, slotId, menteeId)]);
    const ready =
      source &&
      target &&
      emails.mentor &&
      source.slot.state === "booked" &&
      source.slot.menteeId === menteeId &&
      source.slot.bookedAt &&
      target.slot.state === "open" &&
      target.slot.mentorId === source.slot.mentorId;
    if (!ready) break;
    const moved = await commitMove(deps, menteeId, source, target, emails);
    if (moved) return moved;
    const why = await moveRefusal(db, menteeId, slotId, toSlotId, now);
    if (why) fail(why.code, why.message);
  }
  const why = await moveRefusal(db, menteeId, slotId, toSlotId, now);
  if (why) fail(why.code, why.message);
  fail("CONFLICT", "This booking changed while it was being moved. Please try again.");
}

async function commitMove(
  deps: Deps,
  menteeId: string,
  source: SlotRow,
  target: SlotRow,
  emails: BookingAddresses,
): Promise<SlotView | null> {
  const { db, env, waitUntil, now, origin } = deps;
  const from = source.slot;
  const bookedAt = from.bookedAt!;
  const bookingId = bookingIdOf(from);
  const mentorZone = mentorZoneOrDefault(source.mentorZone);
  const day = mentorDay(target.slot.startAt, mentorZone);

  const release = db
    .update(timeSlots)
    .set(OPENED)
    .where(
      and(
        eq(timeSlots.id, from.id),
        stillBooked(menteeId, bookedAt),
        sql`coalesce(${timeSlots.bookingId}, '') = ${from.bookingId ?? ""}`,
        gt(timeSlots.startAt, now),
        or(gt(timeSlots.startAt, new Date(now.getTime() + CANCEL_WINDOW_MS)), isNotNull(timeSlots.rescheduleRequestedAt)),
        sql`exists (select 1 from time_slots where time_slots.id = ${target.slot.id} and ${targetTakes(menteeId, from.id, from.mentorId, from.type, day, now)})`,
      ),
    )
    .returning({ id: timeSlots.id });
  const booking = {
    state: "booked" as const,
    menteeId,
    bookedAt: now,
    type: from.type,
    bookingId,
    sequence: from.sequence + 1,
    agenda: from.agenda,
    // The session keeps what it is about wherever it moves; a target time with no title of its own would drop it.
    title: from.title ?? target.slot.title,
    description: from.description ?? target.slot.description,
    ...SETTLED,
  };
  const take = db
    .update(timeSlots)
    .set(booking)
    .where(and(eq(timeSlots.id, target.slot.id), eq(timeSlots.state, "open"), sql`changes() = 1`))
    .returning({ id: timeSlots.id });
  const history = historyWriteIfChanged(
    db,
    {
      bookingId,
      menteeId,
      mentorId: from.mentorId,
      kind: "moved",
      byRole: "mentee",
      fromStart: from.startAt,
      toStart: target.slot.startAt,
      slotId: target.slot.id,
    },
    now,
  );
  const who = `${source.menteeFirst} ${source.menteeLast}`;
  const whenFrom = formatWhen(from.startAt, mentorZone);
  const whenTo = formatWhen(target.slot.startAt, mentorZone);
  const content = `${who} moved the session on ${whenFrom} to ${whenTo}.`;
  const mentorTo = { role: "mentor" as const, id: from.mentorId };
  const notice = notificationWrite(db, mentorTo, { type: "alert", kind: "booking", content }, now, { ifPreviousChanged: true });
  // Both parties' e-mails, each with the calendar's REQUEST at the new time (same UID, SEQUENCE + 1).
  const movedRow = {
    ...target,
    slot: { ...target.slot, ...booking },
    menteeFirst: source.menteeFirst,
    menteeLast: source.menteeLast,
    menteeZone: source.menteeZone,
  };
  const movedView = slotView(movedRow, now);
  const mails = bookingMailWrites(db, partiesOf(source, emails), { kind: "moved", from: from.startAt }, movedView, now, origin);
  const guard = db.run(sql`insert into booking_events (id, booking_id, mentee_id, mentor_id, kind, by_role, from_start, slot_id, created_at)
    select ${crypto.randomUUID()}, null, ${menteeId}, ${from.mentorId}, 'moved', 'mentee', 0, ${from.id}, 0
    where not exists (select 1 from time_slots where state = 'booked' and (booking_id = ${bookingId} or (id = ${from.id} and booked_at = ${bookedAt.getTime()})))`);
  const statements = [release, take, history, notice.statement, ...mails, guard] as const;
  const results = await db.batch(statements).catch((error: unknown) => {
    // The guard: nothing was written (the booking had already left its slot, or a half move was undone).
    if (MOVE_GUARD.test(String((error as { cause?: unknown }).cause ?? error)) || MOVE_GUARD.test(String(error))) return null;
    throw error;
  });
  if (!results) return null;
  const [released, taken] = results;
  if (released.length !== 1 || taken.length !== 1) return null;
  // The slot she left is open again: bookable here at once (slot-turns).
  forgetBooked(from.id);
  pushNotification(env, waitUntil, mentorTo, notice.view);
  pushToUser(env, waitUntil, mentorTo, "scheduler", { slotId: target.slot.id, change: "moved" });
  deliverMailSoon(env, waitUntil);
  writeSessionEventSoon(env, waitUntil, movedView.bookingId, { statements, results });
  offerFreedSlotAfterAnswer(deps, [from.id], "a move");
  // Moving onto the earlier time held for her from the waitlist: the time she waited for is hers.
  if (target.slot.heldFor === menteeId && target.slot.heldUntil && target.slot.heldUntil.getTime() > now.getTime())
    await leaveWaitlist(db, menteeId, from.mentorId);
  return movedView;
}
