import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { timeSlots } from "../../db/schema";
import { MAX_DAYS_AHEAD } from "../../shared/validation/scheduling";
import { formatWhen, SESSION_MS, zoneOr } from "../../shared/zoned-time";
import { writeSessionEventSoon } from "../calendars/sync/session-marks";
import { deliverMailSoon } from "../mail/mail";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { pushToUser } from "../realtime/push";
import { stillBooked } from "./booking-guard";
import { bookingIdOf, historyWriteIfChanged } from "./booking-history";
import { bookingEmails, bookingMailWrites, partiesOf } from "./booking-mail";
import { readSlot, type SlotView, slotQuery, slotView } from "./slot-view";

const DAY = 24 * 60 * 60 * 1000;

export type PublishInput = { start: Date; title?: string | null; description?: string | null; weeks?: number };

/**
 * Publishes a one-hour slot, or the same slot weekly for `weeks` weeks. Refuses (nothing saved) a
 * start in the past or more than 90 days ahead, and any start overlapping another live slot of the
 * mentor. Each insert is conditional on no overlap, in one batch, so a concurrent publish cannot
 * slip an overlapping slot in between the check and the write.
 */
export async function publishSlots(db: Db, mentorId: string, input: PublishInput, now: Date): Promise<SlotView[]> {
  const weeks = input.weeks ?? 1;
  if (input.start.getSeconds() !== 0 || input.start.getMilliseconds() !== 0) fail("BAD_REQUEST", "Start on a whole minute.");
  const starts = Array.from({ length: weeks }, (_, i) => new Date(input.start.getTime() + i * 7 * DAY));
  if (starts[0].getTime() <= now.getTime()) fail("BAD_REQUEST", "This time has already passed. Choose a time in the future.");
  const latest = now.getTime() + MAX_DAYS_AHEAD * DAY;
  const tooFar = starts.find((s) => s.getTime() > latest);
  if (tooFar)
    fail(
      "BAD_REQUEST",
      `Slots can be published at most ${MAX_DAYS_AHEAD} days ahead (until ${new Date(latest).toISOString().slice(0, 10)}).`,
      { tooFar: tooFar.toISOString() },
    );

  const conflicts = await db
    .select({ start: timeSlots.startAt })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.mentorId, mentorId),
        ne(timeSlots.state, "deleted"),
        lt(timeSlots.startAt, new Date(starts.at(-1)!.getTime() + SESSION_MS)),
        gt(timeSlots.endAt, starts[0]),
      ),
    )
    .orderBy(asc(timeSlots.startAt));
  const clash = starts.find((s) =>
    conflicts.some((c) => c.start.getTime() < s.getTime() + SESSION_MS && c.start.getTime() + SESSION_MS > s.getTime()),
  );
  if (clash)
    fail("CONFLICT", "This overlaps another of your slots. Choose a time that does not overlap.", { overlaps: clash.toISOString() });

  const title = input.title?.trim() || null;
  const description = input.description?.trim() || null;
  const ids = starts.map(() => crypto.randomUUID());
  const inserts = starts.map((start, i) => {
    const id = ids[i];
    const end = new Date(start.getTime() + SESSION_MS);
    return db.run(sql`insert into time_slots (id, mentor_id, start_at, end_at, state, type, title, description, created_at)
      select ${id}, ${mentorId}, ${start.getTime()}, ${end.getTime()}, 'open', 'session', ${title}, ${description}, ${now.getTime()}
      where not exists (select 1 from time_slots o where o.mentor_id = ${mentorId} and o.state <> 'deleted' and o.start_at < ${end.getTime()} and o.end_at > ${start.getTime()})`);
  });
  try {
    await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  } catch (error) {
    if (/UNIQUE constraint failed: time_slots/.test(String((error as { cause?: unknown }).cause ?? error))) {
      fail("CONFLICT", "This overlaps another of your slots. Choose a time that does not overlap.");
    }
    throw error;
  }
  const created = await slotQuery(db).where(inArray(timeSlots.id, ids)).orderBy(asc(timeSlots.startAt));
  if (created.length === 0) fail("CONFLICT", "This overlaps another of your slots. Choose a time that does not overlap.");
  return created.map((r) => slotView(r, now));
}

/** The mentor's slots (open, booked and past; not deleted) from 35 days ago to 92 days ahead. */
export async function mentorSlots(db: Db, mentorId: string, now: Date): Promise<SlotView[]> {
  const rows = await slotQuery(db)
    .where(
      and(
        eq(timeSlots.mentorId, mentorId),
        ne(timeSlots.state, "deleted"),
        gte(timeSlots.startAt, new Date(now.getTime() - 35 * DAY)),
        lt(timeSlots.startAt, new Date(now.getTime() + 92 * DAY)),
      ),
    )
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => slotView(r, now));
}

/** One slot of the signed-in mentor (another mentor's is refused). */
export async function mentorSlot(db: Db, mentorId: string, slotId: string, now: Date): Promise<SlotView> {
  const row = await readSlot(db, slotId);
  if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This slot does not exist.");
  if (row.slot.mentorId !== mentorId) fail("FORBIDDEN", "This slot belongs to another mentor.");
  return slotView(row, now);
}

/**
 * Deletes a slot of the signed-in mentor that has not started. A booked one cancels the booking: the
 * mentee's notification is written in the same batch as the delete, and after the commit she gets it
 * and the `scheduler` push; the call is back in her plan (the quota counts booked slots only).
 *
 * The delete is conditional on the slot still being as it was read (open, or booked by that mentee at
 * that instant), so the notification always names the booking that was really cancelled; if a
 * booking or cancellation slips in between, the slot is read again and the delete retried. A booked
 * slot's delete is batched with the history row ('cancelled' by the mentor, with his optional
 * `reason`, which her notice also shows) and her notice, both written only if the delete matched.
 */
export async function deleteSlot(
  { db, env, waitUntil, now, origin }: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now"> & { origin: string },
  { mentorId, slotId, reason = null }: { mentorId: string; slotId: string; reason?: string | null },
): Promise<{ cancelledBooking: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await readSlot(db, slotId);
    if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This slot does not exist.");
    if (row.slot.mentorId !== mentorId) fail("FORBIDDEN", "This slot belongs to another mentor.");
    if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", "This slot has already started and can no longer be deleted.");
    const booking =
      row.slot.state === "booked" && row.slot.menteeId && row.slot.bookedAt
        ? { menteeId: row.slot.menteeId, bookedAt: row.slot.bookedAt }
        : null;
    const update = db
      .update(timeSlots)
      .set({ state: "deleted" })
      .where(
        and(
          eq(timeSlots.id, slotId),
          eq(timeSlots.mentorId, mentorId),
          gt(timeSlots.startAt, now),
          booking ? stillBooked(booking.menteeId, booking.bookedAt) : eq(timeSlots.state, "open"),
        ),
      )
      .returning({ id: timeSlots.id });
    if (!booking) {
      const [deleted] = await update;
      if (deleted) return { cancelledBooking: false };
      continue;
    }
    const to = { role: "mentee" as const, id: booking.menteeId };
    const history = historyWriteIfChanged(
      db,
      {
        bookingId: bookingIdOf(row.slot),
        menteeId: booking.menteeId,
        mentorId,
        kind: "cancelled",
        byRole: "mentor",
        fromStart: row.slot.startAt,
        slotId,
        message: reason,
      },
      now,
    );
    const name = `${row.mentorFirst} ${row.mentorLast}`;
    const when = formatWhen(row.slot.startAt, zoneOr(row.menteeZone));
    // Whole sentences, with and without the reason, so a Hindi reader gets them whole (the messages catalog).
    const content = reason
      ? `${name} cancelled your session on ${when}. The call is back in your plan. Reason: ${reason}`
      : `${name} cancelled your session on ${when}. The call is back in your plan.`;
    const notice = notificationWrite(db, to, { type: "alert", kind: "booking", content }, now, { ifPreviousChanged: true });
    // Both parties' e-mails with the calendar's CANCEL, written only if the delete matched.
    const parties = partiesOf(row, await bookingEmails(db, slotId, booking.menteeId));
    const mails = bookingMailWrites(db, parties, { kind: "deleted", reason }, slotView(row, now), now, origin);
    const statements = [update, history, notice.statement, ...mails] as const;
    const results = await db.batch(statements);
    const [deleted] = results;
    if (deleted.length === 0) continue;
    if (mails.length) deliverMailSoon(env, waitUntil);
    writeSessionEventSoon(env, waitUntil, row.slot.bookingId, { statements, results });
    pushNotification(env, waitUntil, to, notice.view);
    pushToUser(env, waitUntil, to, "scheduler", { slotId, change: "deleted" });
    return { cancelledBooking: true };
  }
  fail("CONFLICT", "This slot changed while it was being deleted. Please try again.");
}
