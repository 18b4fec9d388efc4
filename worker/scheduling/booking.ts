import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, type SlotType, timeSlots } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { formatWhen, mentorZoneOrDefault } from "../../shared/zoned-time";
import { writeSessionEventSoon } from "../calendars/sync/session-marks";
import { deliverMailSoon } from "../mail/mail";
import { commitWithNotice } from "../notifications/commit-with-notice";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import { grantsAccess } from "../payments/enrollment-status";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { MENTOR_LEAVING, mentorLeaving, nobodyLeaving } from "../privacy/leaving";
import { pushToUser } from "../realtime/push";
import { stillBooked } from "./booking-guard";
import { bookingIdOf, historyWriteIfChanged } from "./booking-history";
import { bookingEmails, bookingMailWrites, partiesOf } from "./booking-mail";
import { mentorDay, ruleRefusal, withinMentorRules } from "./booking-rules";
import { bookedThisPeriod, notMissedByMentor } from "./calls-left";
import { forgetBooked, slotTurn } from "./slot-turns";
import { readSlot, type SlotRow, type SlotView, slotView } from "./slot-view";
import { offerFreedSlotAfterAnswer } from "./waitlist";

/** A mentee may cancel up to this long before the start (ADR 0013). */
export const CANCEL_WINDOW_MS = 12 * 60 * 60 * 1000;

// `origin`: the app's address the request reached, for the links its mails carry (the join link of a booking's calendar file).
type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now"> & { origin: string };

/** A slot whose booking just arrived, moved in or left: no pending request to reschedule, no waitlist hold. */
export const SETTLED = { rescheduleRequestedAt: null, rescheduleMessage: null, heldFor: null, heldUntil: null };

/** A new booking's identity (ADR 0023): `<slot>-<booking instant>`, the calendar UID it always had; kept when the booking moves. */
export const newBooking = (slotId: string, now: Date) => ({ bookingId: `${slotId}-${now.getTime()}`, sequence: 0, ...SETTLED });

/** What a slot becomes when its booking leaves it (cancelled or moved away): open, with nothing of the booking left. */
export const OPENED = {
  state: "open" as const,
  menteeId: null,
  bookedAt: null,
  type: "session" as const,
  bookingId: null,
  sequence: 0,
  agenda: null,
  ...SETTLED,
};

export const SLOT_TAKEN = "This slot was just taken";

/** Her intro call with this mentor, if she has used it (booked, and not missed by the mentor). */
export const usedTrial = (menteeId: string, mentorId: string) =>
  and(
    eq(timeSlots.menteeId, menteeId),
    eq(timeSlots.mentorId, mentorId),
    eq(timeSlots.type, "trial"),
    eq(timeSlots.state, "booked"),
    or(isNull(timeSlots.outcome), ne(timeSlots.outcome, "mentor_no_show")),
  );

/** The mentor's notice of a booking, as whole sentences (with and without the agenda) so a Hindi reader gets them whole (the messages catalog). */
function bookedNotice(name: string, type: SlotType, when: string, agenda: string | null): string {
  if (type === "trial")
    return agenda ? `${name} booked a free intro call on ${when}. Agenda: ${agenda}` : `${name} booked a free intro call on ${when}.`;
  return agenda ? `${name} booked a session on ${when}. Agenda: ${agenda}` : `${name} booked a session on ${when}.`;
}

/** What a mentee asks for when she books: the slot, a paid session or the free intro call, and her optional agenda for the mentor. */
export type BookingRequest = { menteeId: string; slotId: string; type: SlotType; agenda?: string | null };

/**
 * Books a slot in ONE conditional statement (ADR 0013): the slot is still open and in the future, the
 * mentee has no other booking at that time, and either (session) an active subscription to the mentor
 * whose current period contains the start with fewer than 4 calls booked in it, or (trial) no trial
 * with this mentor yet. SQLite runs writes one at a time, so of many concurrent bookings of one slot
 * exactly one matches; the others update nothing and are told why.
 *
 * Also says whether the slot was held for her from the waitlist until this booking (its row as the booking read it):
 * the caller takes her off the waitlist without a read of its own, so a loser's one trip is its account check alone.
 */
export async function bookSlot(deps: Deps, request: BookingRequest): Promise<{ view: SlotView; wasHeldForHer: boolean }> {
  return inSlotTurn(request.slotId, request.menteeId, () => bookInTurn(deps, request));
}

/**
 * `write` (a booking or a move onto `slotId`, which answers only when this mentee took the slot and throws any refusal)
 * in the slot's turn (slot-turns.ts, ADR 0017): the first request of this isolate takes its turn at once and reads in the
 * same round trip as its account check; the others wait before reading anything, and once it took the slot they are
 * answered from who did, with no trip of their own beyond the account check.
 */
export async function inSlotTurn<T>(slotId: string, menteeId: string, write: () => Promise<T>): Promise<T> {
  const turn = await slotTurn(slotId);
  if (turn.kind === "booked-here") fail("CONFLICT", turn.menteeId === menteeId ? "You have already booked this slot." : SLOT_TAKEN);
  let wonBy: string | null = null;
  try {
    const won = await write();
    wonBy = menteeId;
    return won;
  } finally {
    turn.done(wonBy);
  }
}

async function bookInTurn(
  { db, env, waitUntil, now, origin }: Deps,
  { menteeId, slotId, type, agenda = null }: BookingRequest,
): Promise<{ view: SlotView; wasHeldForHer: boolean }> {
  // The slot, the mentee (for the mentor's notification and the answer) and both addresses (for the
  // e-mails), read side by side as plain statements: a batch would open a read transaction per booking, and a burst of bookings would
  // hold that many connections on the database at once.
  const [before, [mentee], emails] = await Promise.all([
    readSlot(db, slotId),
    db
      .select({ first: mentees.firstName, last: mentees.lastName, zone: mentees.timeZone })
      .from(mentees)
      .where(eq(mentees.id, menteeId))
      .limit(1),
    bookingEmails(db, slotId, menteeId),
  ]);
  if (!before || !mentee || before.slot.state !== "open") return refuseBooking(db, menteeId, before, type, now);
  const entitled =
    type === "trial"
      ? sql`not exists (select 1 from time_slots t where t.mentee_id = ${menteeId} and t.mentor_id = ${timeSlots.mentorId} and t.type = 'trial' and t.state = 'booked' and ${notMissedByMentor("t")})`
      : sql`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${timeSlots.mentorId} and ${grantsAccess(now)}
          and ${timeSlots.startAt} < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991)
          and ${bookedThisPeriod(menteeId)} < ${CALLS_PER_MONTH})`;
  const mentorZone = mentorZoneOrDefault(before.mentorZone);
  const booking = { state: "booked" as const, menteeId, bookedAt: now, type, ...newBooking(slotId, now), agenda };
  const book = db
    .update(timeSlots)
    .set(booking)
    .where(
      and(
        eq(timeSlots.id, slotId),
        eq(timeSlots.state, "open"),
        gt(timeSlots.startAt, now),
        withinMentorRules(menteeId, now, mentorDay(before.slot.startAt, mentorZone)),
        sql`not exists (select 1 from time_slots o where o.mentee_id = ${menteeId} and o.state = 'booked' and o.start_at < ${timeSlots.endAt} and o.end_at > ${timeSlots.startAt})`,
        entitled,
        nobodyLeaving(menteeId),
      ),
    )
    .returning({ id: timeSlots.id });
  // The booked slot is the one read plus what the statement sets: its view (the answer, and the e-mails both parties get).
  const bookedRow = {
    ...before,
    slot: { ...before.slot, ...booking },
    menteeFirst: mentee.first,
    menteeLast: mentee.last,
    menteeZone: mentee.zone,
  };
  const bookedView = slotView(bookedRow, now);
  const mails = bookingMailWrites(db, partiesOf(bookedRow, emails), { kind: "booked" }, bookedView, now, origin);
  // A second trial with this mentor that slipped past the check is stopped by the one-trial index.
  let booked: { id: string }[];
  let afterResults: unknown[] = [];
  try {
    booked = await commitWithNotice(
      { db, env, waitUntil, now },
      book,
      {
        to: { role: "mentor", id: before.slot.mentorId },
        kind: "booking",
        content: bookedNotice(`${mentee.first} ${mentee.last}`, type, formatWhen(before.slot.startAt, mentorZone), agenda),
      },
      mails,
      (results) => {
        afterResults = results;
      },
    );
  } catch (error) {
    if (/UNIQUE constraint failed: time_slots/.test(String((error as { cause?: unknown }).cause ?? error)))
      fail("CONFLICT", "You have already had your free intro call with this mentor.");
    throw error;
  }
  if (booked.length === 1) {
    if (mails.length) deliverMailSoon(env, waitUntil);
    writeSessionEventSoon(env, waitUntil, bookedView.bookingId, { statements: mails, results: afterResults });
    const { heldFor, heldUntil } = before.slot;
    return { view: bookedView, wasHeldForHer: heldFor === menteeId && heldUntil !== null && heldUntil.getTime() > now.getTime() };
  }
  return refuseBooking(db, menteeId, await readSlot(db, slotId), type, now);
}

/** Why a booking matched nothing: read after the statement, in the order a person would want to hear it. */
async function refuseBooking(db: Db, menteeId: string, row: SlotRow | undefined, type: SlotType, now: Date): Promise<never> {
  if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This slot is no longer available.");
  const slot = row.slot;
  if (slot.state === "booked") {
    if (slot.menteeId === menteeId) fail("CONFLICT", "You have already booked this slot.");
    fail("CONFLICT", SLOT_TAKEN);
  }
  if (slot.startAt.getTime() <= now.getTime()) fail("BAD_REQUEST", "This slot has already started. Choose a later one.");
  if (await mentorLeaving(db, slot.mentorId)) fail("CONFLICT", MENTOR_LEAVING);
  const ruled = await ruleRefusal(db, slot, mentorZoneOrDefault(row.mentorZone), menteeId, now);
  if (ruled) fail("CONFLICT", ruled);
  if (type === "trial") {
    const used = await db.query.timeSlots.findFirst({ where: usedTrial(menteeId, slot.mentorId) });
    if (used) fail("CONFLICT", "You have already had your free intro call with this mentor.");
  } else {
    const [enrollment] = await db
      .select({ end: enrollments.currentPeriodEnd, booked: sql<number>`${bookedThisPeriod(menteeId)}` })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, slot.mentorId), grantsAccess(now)));
    if (!enrollment) fail("FORBIDDEN", "Subscribe to this mentor to book a session.");
    if (enrollment.end && slot.startAt.getTime() >= enrollment.end.getTime()) {
      fail(
        "CONFLICT",
        `This slot is after your current period ends (${enrollment.end.toISOString().slice(0, 10)}). You can book it once your subscription renews.`,
      );
    }
    if (enrollment.booked >= CALLS_PER_MONTH)
      fail("CONFLICT", `You have used all ${CALLS_PER_MONTH} calls of this period.`, { callsLeft: 0 });
  }
  const clash = await db.query.timeSlots.findFirst({
    where: and(
      eq(timeSlots.menteeId, menteeId),
      eq(timeSlots.state, "booked"),
      lt(timeSlots.startAt, slot.endAt),
      gt(timeSlots.endAt, slot.startAt),
    ),
  });
  if (clash) fail("CONFLICT", "You already have a session at this time.");
  fail("CONFLICT", SLOT_TAKEN);
}

/**
 * Cancels the mentee's own upcoming booking, up to 12 hours before the start (at any time before the
 * start once the mentor asked to reschedule), in one conditional statement batched with the history
 * row and the mentor's notification (both written only if the cancel matched). The slot opens again
 * and the call is back in her plan; the mentor gets the notification after the commit, and the
 * waitlist is offered the freed slot. `reason` (optional) is shown to the mentor. `erasing`: the erasure of her
 * account cancels what is still ahead at any time before the start (ADR 0042): the 12-hour rule keeps a mentee from
 * taking a call back late, and an erased account takes nothing back; the mentor is told as for any cancel.
 */
export async function cancelBooking(
  { db, env, waitUntil, now, origin }: Deps,
  { menteeId, slotId, reason = null, erasing = false }: { menteeId: string; slotId: string; reason?: string | null; erasing?: boolean },
): Promise<{ slotId: string }> {
  const [before, emails] = await Promise.all([readSlot(db, slotId), bookingEmails(db, slotId, menteeId)]);
  if (before && before.slot.state === "booked" && before.slot.menteeId === menteeId && before.slot.bookedAt) {
    const cancel = db
      .update(timeSlots)
      .set(OPENED)
      .where(
        and(
          eq(timeSlots.id, slotId),
          stillBooked(menteeId, before.slot.bookedAt),
          gt(timeSlots.startAt, now),
          erasing
            ? undefined
            : or(gt(timeSlots.startAt, new Date(now.getTime() + CANCEL_WINDOW_MS)), isNotNull(timeSlots.rescheduleRequestedAt)),
        ),
      )
      .returning({ id: timeSlots.id });
    const history = historyWriteIfChanged(
      db,
      {
        bookingId: bookingIdOf(before.slot),
        menteeId,
        mentorId: before.slot.mentorId,
        kind: "cancelled",
        byRole: "mentee",
        fromStart: before.slot.startAt,
        slotId,
        message: reason,
      },
      now,
    );
    const to = { role: "mentor" as const, id: before.slot.mentorId };
    const name = `${before.menteeFirst} ${before.menteeLast}`;
    const when = formatWhen(before.slot.startAt, mentorZoneOrDefault(before.mentorZone));
    // Whole sentences, with and without the reason, so a Hindi reader gets them whole (the messages catalog).
    const content = reason
      ? `${name} cancelled the session on ${when}. The slot is open again. Reason: ${reason}`
      : `${name} cancelled the session on ${when}. The slot is open again.`;
    const notice = notificationWrite(db, to, { type: "alert", kind: "booking", content }, now, { ifPreviousChanged: true });
    const mails = bookingMailWrites(db, partiesOf(before, emails), { kind: "cancelled", reason }, slotView(before, now), now, origin);
    const statements = [cancel, history, notice.statement, ...mails] as const;
    const results = await db.batch(statements);
    const [cancelled] = results;
    if (cancelled.length === 1) {
      forgetBooked(slotId);
      if (mails.length) deliverMailSoon(env, waitUntil);
      writeSessionEventSoon(env, waitUntil, before.slot.bookingId, { statements, results });
      pushNotification(env, waitUntil, to, notice.view);
      pushToUser(env, waitUntil, to, "scheduler", { slotId, change: "cancelled" });
      offerFreedSlotAfterAnswer({ db, env, waitUntil, now }, [slotId], "a cancel");
      return { slotId };
    }
  }
  const row = await readSlot(db, slotId);
  if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This booking does not exist.");
  if (row.slot.menteeId !== menteeId || row.slot.state !== "booked") fail("FORBIDDEN", "You can only cancel your own bookings.");
  if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", "This session has already started.");
  if (row.slot.startAt.getTime() <= now.getTime() + CANCEL_WINDOW_MS && !row.slot.rescheduleRequestedAt)
    fail("CONFLICT", "Bookings can be cancelled up to 12 hours before the start. Please message your mentor instead.");
  fail("CONFLICT", "This booking changed while it was being cancelled. Please look at it again.");
}
