import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentors, timeSlots, waitlistEntries } from "../../db/schema";
import { formatWhen, zoneOr } from "../../shared/zoned-time";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { waitlistOfferMail } from "../mail/schedule-mails";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import { grantsAccess } from "../payments/enrollment-status";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { mailLocale } from "../platform/i18n";

/**
 * The waitlist (ADR 0023): "tell me if an earlier time opens". A mentee with an active subscription
 * joins a mentor's list; when one of his slots frees up (a cancel, a move away, time off ending) the
 * other scheduling services call `offerFreedSlotAfterAnswer` after their commit, and the first waiting mentee
 * (join order) whose next booking with him is later than the slot gets it HELD for her for 15 minutes:
 * only she can book it meanwhile (`withinMentorRules`). The cron (`passWaitlistHolds`) passes an
 * expired hold to the next in line, or clears it.
 */

export const HOLD_MINUTES = 15;
const HOLD_MS = HOLD_MINUTES * 60 * 1000;

type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">;

/** Join order: the instant she joined, then the row's insertion order (two joins in one millisecond stay in order). */
type Place = { createdAt: number; seq: number };

async function placeOf(db: Db, menteeId: string, mentorId: string): Promise<Place | undefined> {
  const [row] = await db.all<Place>(
    sql`select created_at as createdAt, rowid as seq from waitlist_entries where mentee_id = ${menteeId} and mentor_id = ${mentorId}`,
  );
  return row ? { createdAt: Number(row.createdAt), seq: Number(row.seq) } : undefined;
}

/** Joins the mentor's waitlist (idempotent: a second join keeps her place). Needs an active subscription to him. */
export async function joinWaitlist(db: Db, menteeId: string, mentorId: string, now: Date): Promise<{ waitlisted: true; position: number }> {
  const [mentor, [enrollment]] = await Promise.all([
    db.query.mentors.findFirst({
      where: and(eq(mentors.id, mentorId), eq(mentors.status, "approved"), eq(mentors.isBlocked, false)),
      columns: { id: true },
    }),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), grantsAccess(now)))
      .limit(1),
  ]);
  if (!mentor) fail("NOT_FOUND", "This mentor is not available.");
  if (!enrollment) fail("FORBIDDEN", "Subscribe to this mentor to join the waitlist.");
  await db.insert(waitlistEntries).values({ menteeId, mentorId, createdAt: now }).onConflictDoNothing();
  const place = await placeOf(db, menteeId, mentorId);
  if (!place) fail("CONFLICT", "Joining the waitlist did not complete. Please try again.");
  const [ahead] = await db.all<{ n: number }>(sql`select count(*) as n from waitlist_entries
    where mentor_id = ${mentorId} and (created_at < ${place.createdAt} or (created_at = ${place.createdAt} and rowid <= ${place.seq}))`);
  return { waitlisted: true, position: Number(ahead?.n ?? 1) };
}

/** Leaves the mentor's waitlist (idempotent). A slot held for her stays held until its hold ends. */
export async function leaveWaitlist(db: Db, menteeId: string, mentorId: string): Promise<{ waitlisted: false }> {
  await db.delete(waitlistEntries).where(and(eq(waitlistEntries.menteeId, menteeId), eq(waitlistEntries.mentorId, mentorId)));
  return { waitlisted: false };
}

type FreedSlot = { id: string; mentorId: string; startAt: Date; mentorName: string };
type Candidate = { entryId: string; menteeId: string; first: string; email: string; zone: string | null; locale: string | null };

/**
 * The first waiting mentee for this slot, in join order (after `after` when passing a hold on): she
 * still has access to the mentor, her next booking with him is later than the slot (or she has none),
 * and she holds no other slot of his now.
 */
async function nextCandidate(db: Db, slot: FreedSlot, now: Date, after: Place | null, excluded: string[]): Promise<Candidate | undefined> {
  const afterPlace = after
    ? sql`and (w.created_at > ${after.createdAt} or (w.created_at = ${after.createdAt} and w.rowid > ${after.seq}))`
    : sql``;
  const notExcluded = excluded.length
    ? sql`and w.mentee_id not in (${sql.join(
        excluded.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] =
    await db.all<Candidate>(sql`select w.id as entryId, w.mentee_id as menteeId, m.first_name as first, m.email as email, m.time_zone as zone, m.locale as locale
    from waitlist_entries w join mentees m on m.id = w.mentee_id
    where w.mentor_id = ${slot.mentorId} and m.is_blocked = 0 ${afterPlace} ${notExcluded}
      and not exists (select 1 from time_slots b where b.mentee_id = w.mentee_id and b.mentor_id = w.mentor_id and b.state = 'booked'
        and b.start_at > ${now.getTime()} and b.start_at <= ${slot.startAt.getTime()})
      and not exists (select 1 from time_slots h where h.mentor_id = w.mentor_id and h.held_for = w.mentee_id and h.state = 'open'
        and h.held_until > ${now.getTime()} and h.id <> ${slot.id})
      and exists (select 1 from ${enrollments} where ${enrollments.menteeId} = w.mentee_id and ${enrollments.mentorId} = w.mentor_id and ${grantsAccess(now)})
    order by w.created_at, w.rowid limit 1`);
  return row;
}

/**
 * Holds the slot for her in ONE batch: a conditional update (the slot is open, in the future, not held
 * for anyone now, and she holds no other slot of his), her notice (only if the update matched), an
 * outbox e-mail and `offeredAt` (only if the slot is now held for her). Pushes after the commit.
 */
async function holdFor(deps: Deps, slot: FreedSlot, who: Candidate): Promise<boolean> {
  const { db, now } = deps;
  const until = new Date(now.getTime() + HOLD_MS);
  const hold = db
    .update(timeSlots)
    .set({ heldFor: who.menteeId, heldUntil: until })
    .where(
      and(
        eq(timeSlots.id, slot.id),
        eq(timeSlots.state, "open"),
        gt(timeSlots.startAt, now),
        sql`(${timeSlots.heldUntil} is null or ${timeSlots.heldUntil} <= ${now.getTime()})`,
        sql`not exists (select 1 from time_slots h where h.mentor_id = ${timeSlots.mentorId} and h.held_for = ${who.menteeId} and h.state = 'open'
          and h.held_until > ${now.getTime()} and h.id <> ${timeSlots.id})`,
      ),
    )
    .returning({ id: timeSlots.id });
  const content = `An earlier time opened with ${slot.mentorName}: ${formatWhen(slot.startAt, zoneOr(who.zone))}. It is held for you for ${HOLD_MINUTES} minutes.`;
  const to = { role: "mentee" as const, id: who.menteeId };
  const notice = notificationWrite(db, to, { type: "alert", kind: "booking", content }, now, { ifPreviousChanged: true });
  const heldForHer = sql`exists (select 1 from time_slots s where s.id = ${slot.id} and s.held_for = ${who.menteeId} and s.held_until = ${until.getTime()})`;
  const mail = mailInsertWhen(
    db,
    {
      ...waitlistOfferMail({
        to: who.email,
        first: who.first,
        mentorName: slot.mentorName,
        when: formatWhen(slot.startAt, zoneOr(who.zone), mailLocale(who.locale)),
        holdMinutes: HOLD_MINUTES,
        locale: mailLocale(who.locale),
      }),
      notice: { to, kind: "booking" },
    },
    heldForHer,
    now.getTime(),
  );
  const offered = db
    .update(waitlistEntries)
    .set({ offeredAt: now })
    .where(and(eq(waitlistEntries.id, who.entryId), heldForHer));
  const [held] = await db.batch([hold, notice.statement, mail, offered]);
  if (held.length === 0) return false;
  pushNotification(deps.env, deps.waitUntil, to, notice.view);
  deliverMailSoon(deps.env, deps.waitUntil);
  return true;
}

/** Offers one slot down the list (after `after`); false when nobody could take it. */
async function offerSlot(deps: Deps, slot: FreedSlot, after: Place | null, excluded: string[]): Promise<boolean> {
  const skip = [...excluded];
  for (let attempt = 0; attempt < 5; attempt++) {
    const who = await nextCandidate(deps.db, slot, deps.now, after, skip);
    if (!who) return false;
    if (await holdFor(deps, slot, who)) return true;
    // The slot was booked or held meanwhile (stop), or she came to hold another of his slots (try the next).
    const [current] = await deps.db
      .select({ state: timeSlots.state, heldUntil: timeSlots.heldUntil })
      .from(timeSlots)
      .where(eq(timeSlots.id, slot.id));
    if (current?.state !== "open" || (current.heldUntil && current.heldUntil.getTime() > deps.now.getTime())) return false;
    skip.push(who.menteeId);
  }
  return false;
}

const freedSlotColumns = {
  id: timeSlots.id,
  mentorId: timeSlots.mentorId,
  startAt: timeSlots.startAt,
  heldFor: timeSlots.heldFor,
  first: mentors.firstName,
  last: mentors.lastName,
};

/**
 * Call AFTER the commit that freed these slots (or made them appear): each open future slot that is
 * not held now is offered to the first suitable waiting mentee of its mentor, earliest slot first, so
 * two slots freed at once go to two different people. The offer runs after the answer (ADR 0017): the
 * mentee who cancelled or moved, or the mentor whose time off ended, is not kept waiting for the
 * waitlist's two round trips. A failure is logged, not answered: the change stands and the slot stays
 * open for anyone.
 */
export function offerFreedSlotAfterAnswer(deps: Deps, slotIds: string[], after: string): void {
  if (slotIds.length === 0) return;
  deps.waitUntil(offerFreedSlot(deps, slotIds).catch((error: unknown) => console.error(`waitlist offer after ${after} failed`, error)));
}

async function offerFreedSlot(deps: Deps, slotIds: string[]): Promise<void> {
  const rows = await deps.db
    .select(freedSlotColumns)
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .where(
      and(
        inArray(timeSlots.id, slotIds),
        eq(timeSlots.state, "open"),
        gt(timeSlots.startAt, deps.now),
        sql`(${timeSlots.heldUntil} is null or ${timeSlots.heldUntil} <= ${deps.now.getTime()})`,
      ),
    )
    .orderBy(asc(timeSlots.startAt));
  for (const r of rows) {
    try {
      await offerSlot(deps, { id: r.id, mentorId: r.mentorId, startAt: r.startAt, mentorName: `${r.first} ${r.last}` }, null, []);
    } catch (error) {
      // The freeing change has committed; a failed offer must not turn it into an error. The slot stays open for anyone.
      console.error("waitlist offer failed", r.id, error);
    }
  }
}

/**
 * The cron: open future slots whose hold has expired go to the next waiting mentee after the previous
 * holder (join order), or their hold is cleared when nobody is left.
 */
export async function passWaitlistHolds(deps: Deps): Promise<{ passed: number; cleared: number }> {
  const { db, now } = deps;
  const expired = await db
    .select(freedSlotColumns)
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .where(and(eq(timeSlots.state, "open"), gt(timeSlots.startAt, now), isNotNull(timeSlots.heldFor), lte(timeSlots.heldUntil, now)))
    .orderBy(asc(timeSlots.startAt));
  let passed = 0;
  let cleared = 0;
  for (const r of expired) {
    const slot = { id: r.id, mentorId: r.mentorId, startAt: r.startAt, mentorName: `${r.first} ${r.last}` };
    const previous = r.heldFor!;
    const after = (await placeOf(db, previous, r.mentorId)) ?? null;
    if (await offerSlot(deps, slot, after, [previous])) {
      passed++;
      continue;
    }
    const clear = await db
      .update(timeSlots)
      .set({ heldFor: null, heldUntil: null })
      .where(and(eq(timeSlots.id, r.id), eq(timeSlots.state, "open"), eq(timeSlots.heldFor, previous), lte(timeSlots.heldUntil, now)))
      .returning({ id: timeSlots.id });
    cleared += clear.length;
  }
  return { passed, cleared };
}
