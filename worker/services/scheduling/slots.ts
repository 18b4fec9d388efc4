import { aliasedTable, and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, timeSlots, type SlotType } from "../../db/schema";
import type { Env } from "../env";
import { fail } from "./domain-error";
import { MAX_DAYS_AHEAD } from "../validation/scheduling";
import { profileImageUrl } from "./accounts";
import { grantsAccess } from "./enrollment-status";
import { notificationWrite, pushNotification } from "./notifications";
import { CALLS_PER_MONTH } from "./payments/plan";
import { pushToUser } from "./push";
import { dayjs, formatWhen, SESSION_MS, zoneOr } from "./zoned-time";

type Slot = typeof timeSlots.$inferSelect;
type WaitUntil = (p: Promise<unknown>) => void;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A mentee may cancel up to this long before the start (ADR 0013). */
export const CANCEL_WINDOW_MS = 12 * HOUR;
/** "Upcoming Live Sessions (next 24hr)"; a session that started within the hour stays listed so Go Live is reachable. */
export const LIVE_WINDOW_MS = 24 * HOUR;

export const SLOT_TAKEN = "This slot was just taken";

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
};

const menteeJoin = aliasedTable(mentees, "slot_mentee");

const slotColumns = {
  slot: timeSlots,
  mentorFirst: mentors.firstName,
  mentorLast: mentors.lastName,
  mentorImage: mentors.profileImageKey,
  mentorZone: mentors.timeZone,
  menteeFirst: menteeJoin.firstName,
  menteeLast: menteeJoin.lastName,
  menteeZone: menteeJoin.timeZone,
};

type SlotRow = { slot: Slot; mentorFirst: string; mentorLast: string; mentorImage: string | null; mentorZone: string | null; menteeFirst: string | null; menteeLast: string | null; menteeZone: string | null };

function slotView(r: SlotRow, now: Date): SlotView {
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
    mentorTimeZone: zoneOr(r.mentorZone, "Asia/Kolkata"),
    title: r.slot.title,
    description: r.slot.description,
  };
}

function slotQuery(db: Db) {
  return db
    .select(slotColumns)
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .leftJoin(menteeJoin, eq(menteeJoin.id, timeSlots.menteeId));
}

async function readSlot(db: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await slotQuery(db).where(eq(timeSlots.id, slotId)).limit(1);
  return row;
}

// ---------------------------------------------------------------- mentors publish and delete

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
  if (tooFar) fail("BAD_REQUEST", `Slots can be published at most ${MAX_DAYS_AHEAD} days ahead (until ${new Date(latest).toISOString().slice(0, 10)}).`, { tooFar: tooFar.toISOString() });

  const conflicts = await db
    .select({ start: timeSlots.startAt })
    .from(timeSlots)
    .where(and(eq(timeSlots.mentorId, mentorId), ne(timeSlots.state, "deleted"), lt(timeSlots.startAt, new Date(starts.at(-1)!.getTime() + SESSION_MS)), gt(timeSlots.endAt, starts[0])))
    .orderBy(asc(timeSlots.startAt));
  const clash = starts.find((s) => conflicts.some((c) => c.start.getTime() < s.getTime() + SESSION_MS && c.start.getTime() + SESSION_MS > s.getTime()));
  if (clash) fail("CONFLICT", "This overlaps another of your slots. Choose a time that does not overlap.", { overlaps: clash.toISOString() });

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
  const created = await slotQuery(db)
    .where(inArray(timeSlots.id, ids))
    .orderBy(asc(timeSlots.startAt));
  if (created.length === 0) fail("CONFLICT", "This overlaps another of your slots. Choose a time that does not overlap.");
  return created.map((r) => slotView(r, now));
}

/** The mentor's slots (open, booked and past; not deleted) from 35 days ago to 92 days ahead. */
export async function mentorSlots(db: Db, mentorId: string, now: Date): Promise<SlotView[]> {
  const rows = await slotQuery(db)
    .where(and(eq(timeSlots.mentorId, mentorId), ne(timeSlots.state, "deleted"), gte(timeSlots.startAt, new Date(now.getTime() - 35 * DAY)), lt(timeSlots.startAt, new Date(now.getTime() + 92 * DAY))))
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
 * booking or cancellation slips in between, the slot is read again and the delete retried.
 */
export async function deleteSlot(db: Db, env: Env, waitUntil: WaitUntil, mentorId: string, slotId: string, now: Date): Promise<{ cancelledBooking: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await readSlot(db, slotId);
    if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This slot does not exist.");
    if (row.slot.mentorId !== mentorId) fail("FORBIDDEN", "This slot belongs to another mentor.");
    if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", "This slot has already started and can no longer be deleted.");
    const booking = row.slot.state === "booked" && row.slot.menteeId && row.slot.bookedAt ? { menteeId: row.slot.menteeId, bookedAt: row.slot.bookedAt } : null;
    const update = db
      .update(timeSlots)
      .set({ state: "deleted" })
      .where(
        and(
          eq(timeSlots.id, slotId),
          eq(timeSlots.mentorId, mentorId),
          gt(timeSlots.startAt, now),
          booking ? and(eq(timeSlots.state, "booked"), eq(timeSlots.menteeId, booking.menteeId), eq(timeSlots.bookedAt, booking.bookedAt)) : eq(timeSlots.state, "open"),
        ),
      )
      .returning({ id: timeSlots.id });
    if (!booking) {
      const [deleted] = await update;
      if (deleted) return { cancelledBooking: false };
      continue;
    }
    const to = { role: "mentee" as const, id: booking.menteeId };
    const notice = notificationWrite(
      db,
      to,
      {
        type: "alert",
        content: `${row.mentorFirst} ${row.mentorLast} cancelled your session on ${formatWhen(row.slot.startAt, zoneOr(row.menteeZone))}. The call is back in your plan.`,
      },
      now,
      { ifPreviousChanged: true },
    );
    const [deleted] = await db.batch([update, notice.statement]);
    if (deleted.length === 0) continue;
    pushNotification(env, waitUntil, to, notice.view);
    pushToUser(env, waitUntil, to, "scheduler", { slotId, change: "deleted" });
    return { cancelledBooking: true };
  }
  fail("CONFLICT", "This slot changed while it was being deleted. Please try again.");
}

// ---------------------------------------------------------------- mentees book and cancel

/** Booked paid calls of the pair whose start is in the enrollment's current period (the quota). */
const bookedThisPeriod = (menteeId: string) =>
  sql`(select count(*) from time_slots b where b.mentee_id = ${menteeId} and b.mentor_id = ${enrollments.mentorId} and b.state = 'booked' and b.type = 'session'
    and b.start_at >= coalesce(${enrollments.currentPeriodStart}, 0) and b.start_at < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991))`;

/**
 * Books a slot in ONE conditional statement (ADR 0013): the slot is still open and in the future, the
 * mentee has no other booking at that time, and either (session) an active subscription to the mentor
 * whose current period contains the start with fewer than 4 calls booked in it, or (trial) no trial
 * with this mentor yet. SQLite runs writes one at a time, so of many concurrent bookings of one slot
 * exactly one matches; the others update nothing and are told why.
 */
export async function bookSlot(db: Db, env: Env, waitUntil: WaitUntil, menteeId: string, slotId: string, type: SlotType, now: Date): Promise<SlotView> {
  // The slot and the mentee (for the mentor's notification and the answer), read side by side as two
  // plain statements: a batch would open a read transaction per booking, and a burst of bookings would
  // hold that many connections on the database at once.
  const [before, [mentee]] = await Promise.all([
    readSlot(db, slotId),
    db.select({ first: mentees.firstName, last: mentees.lastName, zone: mentees.timeZone }).from(mentees).where(eq(mentees.id, menteeId)).limit(1),
  ]);
  if (!before || !mentee || before.slot.state !== "open") return refuseBooking(db, menteeId, before, type, now);
  const entitled =
    type === "trial"
      ? sql`not exists (select 1 from time_slots t where t.mentee_id = ${menteeId} and t.mentor_id = ${timeSlots.mentorId} and t.type = 'trial' and t.state = 'booked')`
      : sql`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${timeSlots.mentorId} and ${grantsAccess(now)}
          and ${timeSlots.startAt} < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991)
          and ${bookedThisPeriod(menteeId)} < ${CALLS_PER_MONTH})`;
  const book = db
    .update(timeSlots)
    .set({ state: "booked", menteeId, bookedAt: now, type })
    .where(
      and(
        eq(timeSlots.id, slotId),
        eq(timeSlots.state, "open"),
        gt(timeSlots.startAt, now),
        sql`not exists (select 1 from time_slots o where o.mentee_id = ${menteeId} and o.state = 'booked' and o.start_at < ${timeSlots.endAt} and o.end_at > ${timeSlots.startAt})`,
        entitled,
      ),
    )
    .returning({ id: timeSlots.id });
  // The mentor's notification is written in the same batch, only if the booking matched.
  const mentor = { role: "mentor" as const, id: before.slot.mentorId };
  const notice = notificationWrite(
    db,
    mentor,
    {
      type: "alert",
      content: `${mentee.first} ${mentee.last} booked ${type === "trial" ? "a free intro call" : "a session"} on ${formatWhen(before.slot.startAt, zoneOr(before.mentorZone, "Asia/Kolkata"))}.`,
    },
    now,
    { ifPreviousChanged: true },
  );
  let booked: { id: string }[];
  try {
    [booked] = await db.batch([book, notice.statement]);
  } catch (error) {
    if (/UNIQUE constraint failed: time_slots/.test(String((error as { cause?: unknown }).cause ?? error))) fail("CONFLICT", "You have already had your free intro call with this mentor.");
    throw error;
  }
  if (booked.length === 1) {
    pushNotification(env, waitUntil, mentor, notice.view);
    // The booked slot is the one read plus what the statement set: no need to read it again.
    const slot = { ...before.slot, state: "booked" as const, menteeId, bookedAt: now, type };
    return slotView({ ...before, slot, menteeFirst: mentee.first, menteeLast: mentee.last, menteeZone: mentee.zone }, now);
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
  if (type === "trial") {
    const used = await db.query.timeSlots.findFirst({ where: and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.mentorId, slot.mentorId), eq(timeSlots.type, "trial"), eq(timeSlots.state, "booked")) });
    if (used) fail("CONFLICT", "You have already had your free intro call with this mentor.");
  } else {
    const [enrollment] = await db
      .select({ end: enrollments.currentPeriodEnd, booked: sql<number>`${bookedThisPeriod(menteeId)}` })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, slot.mentorId), grantsAccess(now)));
    if (!enrollment) fail("FORBIDDEN", "Subscribe to this mentor to book a session.");
    if (enrollment.end && slot.startAt.getTime() >= enrollment.end.getTime()) {
      fail("CONFLICT", `This slot is after your current period ends (${enrollment.end.toISOString().slice(0, 10)}). You can book it once your subscription renews.`);
    }
    if (enrollment.booked >= CALLS_PER_MONTH) fail("CONFLICT", `You have used all ${CALLS_PER_MONTH} calls of this period.`, { callsLeft: 0 });
  }
  const clash = await db.query.timeSlots.findFirst({
    where: and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"), lt(timeSlots.startAt, slot.endAt), gt(timeSlots.endAt, slot.startAt)),
  });
  if (clash) fail("CONFLICT", "You already have a session at this time.");
  fail("CONFLICT", SLOT_TAKEN);
}

/**
 * Cancels the mentee's own upcoming booking, up to 12 hours before the start, in one conditional
 * statement batched with the mentor's notification (written only if the cancel matched). The slot
 * opens again and the call is back in her plan; the mentor gets the notification after the commit.
 */
export async function cancelBooking(db: Db, env: Env, waitUntil: WaitUntil, menteeId: string, slotId: string, now: Date): Promise<{ slotId: string }> {
  const before = await readSlot(db, slotId);
  if (before && before.slot.state === "booked" && before.slot.menteeId === menteeId) {
    const cancel = db
      .update(timeSlots)
      .set({ state: "open", menteeId: null, bookedAt: null, type: "session" })
      .where(and(eq(timeSlots.id, slotId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"), gt(timeSlots.startAt, new Date(now.getTime() + CANCEL_WINDOW_MS))))
      .returning({ id: timeSlots.id });
    const mentor = { role: "mentor" as const, id: before.slot.mentorId };
    const notice = notificationWrite(
      db,
      mentor,
      {
        type: "alert",
        content: `${before.menteeFirst} ${before.menteeLast} cancelled the session on ${formatWhen(before.slot.startAt, zoneOr(before.mentorZone, "Asia/Kolkata"))}. The slot is open again.`,
      },
      now,
      { ifPreviousChanged: true },
    );
    const [cancelled] = await db.batch([cancel, notice.statement]);
    if (cancelled.length === 1) {
      pushNotification(env, waitUntil, mentor, notice.view);
      return { slotId };
    }
  }
  const row = await readSlot(db, slotId);
  if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This booking does not exist.");
  if (row.slot.menteeId !== menteeId || row.slot.state !== "booked") fail("FORBIDDEN", "You can only cancel your own bookings.");
  if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", "This session has already started.");
  fail("CONFLICT", "Bookings can be cancelled up to 12 hours before the start. Please message your mentor instead.");
}

export type MentorSchedule = {
  mentor: { id: string; name: string; profileImage: string; timeZone: string };
  timeSlots: SlotView[];
  isEnrollmentActive: boolean;
  callsLeft: number;
  callsPerPeriod: number;
  periodEnd: string | null;
  trialUsed: boolean;
};

/** What a mentee sees on a mentor's schedule: the open future slots, her calls left and whether her trial is used. */
export async function menteeScheduleFor(db: Db, menteeId: string, mentorId: string, now: Date): Promise<MentorSchedule> {
  const mentor = await db.query.mentors.findFirst({ where: and(eq(mentors.id, mentorId), eq(mentors.status, "approved"), eq(mentors.isBlocked, false)) });
  if (!mentor) fail("NOT_FOUND", "This mentor is not available.");
  const [rows, [enrollment], trial] = await Promise.all([
    slotQuery(db)
      .where(and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.state, "open"), gt(timeSlots.startAt, now), lt(timeSlots.startAt, new Date(now.getTime() + 92 * DAY))))
      .orderBy(asc(timeSlots.startAt)),
    db
      .select({ end: enrollments.currentPeriodEnd, booked: sql<number>`${bookedThisPeriod(menteeId)}` })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), grantsAccess(now))),
    db.query.timeSlots.findFirst({ where: and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.mentorId, mentorId), eq(timeSlots.type, "trial"), eq(timeSlots.state, "booked")), columns: { id: true } }),
  ]);
  return {
    mentor: { id: mentor.id, name: `${mentor.firstName} ${mentor.lastName}`, profileImage: profileImageUrl(mentor.profileImageKey), timeZone: zoneOr(mentor.timeZone, "Asia/Kolkata") },
    timeSlots: rows.map((r) => slotView(r, now)),
    isEnrollmentActive: Boolean(enrollment),
    callsLeft: enrollment ? Math.max(0, CALLS_PER_MONTH - enrollment.booked) : 0,
    callsPerPeriod: CALLS_PER_MONTH,
    periodEnd: enrollment?.end?.toISOString() ?? null,
    trialUsed: Boolean(trial),
  };
}

/** The mentee's bookings: upcoming (soonest first) and past (latest first), with `canCancel`. */
export async function menteeBookings(db: Db, menteeId: string, now: Date) {
  const rows = await slotQuery(db).where(and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"))).orderBy(asc(timeSlots.startAt));
  const views = rows.map((r) => ({ ...slotView(r, now), canCancel: r.slot.startAt.getTime() > now.getTime() + CANCEL_WINDOW_MS, bookedAt: r.slot.bookedAt?.toISOString() ?? null }));
  const upcoming = views.filter((v) => new Date(v.end).getTime() > now.getTime());
  const past = views.filter((v) => new Date(v.end).getTime() <= now.getTime()).reverse();
  return { upcoming, past };
}

/** A booking the caller is a party to (mentee or mentor), for the .ics download. */
export async function bookingFor(db: Db, who: { role: "mentee" | "mentor"; id: string }, slotId: string, now: Date) {
  const row = await readSlot(db, slotId);
  if (!row || row.slot.state !== "booked") fail("NOT_FOUND", "This booking does not exist.");
  const party = who.role === "mentee" ? row.slot.menteeId : row.slot.mentorId;
  if (party !== who.id) fail("FORBIDDEN", "You can only export your own bookings.");
  return { view: slotView(row, now), bookedAt: row.slot.bookedAt! };
}

/** Every current booking of a user (for the calendar feed): from 30 days ago on. Cancelled and deleted ones are not booked, so they leave the feed. */
export async function bookingsOf(db: Db, who: { role: "mentee" | "mentor"; id: string }, now: Date) {
  const rows = await slotQuery(db)
    .where(and(eq(timeSlots.state, "booked"), who.role === "mentee" ? eq(timeSlots.menteeId, who.id) : eq(timeSlots.mentorId, who.id), gte(timeSlots.startAt, new Date(now.getTime() - 30 * DAY))))
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => ({ view: slotView(r, now), bookedAt: r.slot.bookedAt ?? r.slot.createdAt }));
}

// ---------------------------------------------------------------- the mentor dashboard

/** Booked sessions that start in the next 24 hours, or started less than an hour ago (still running). */
export async function upcomingLiveSessions(db: Db, mentorId: string, now: Date) {
  const rows = await slotQuery(db)
    .where(and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.state, "booked"), gt(timeSlots.endAt, now), lt(timeSlots.startAt, new Date(now.getTime() + LIVE_WINDOW_MS))))
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => ({
    id: r.slot.id,
    start: r.slot.startAt.toISOString(),
    end: r.slot.endAt.toISOString(),
    type: r.slot.type,
    menteeId: { firstName: r.menteeFirst ?? "", lastName: r.menteeLast ?? "" },
    menteeTimeZone: r.menteeZone,
    hasStarted: r.slot.startAt.getTime() <= now.getTime(),
  }));
}

/** New enrollments (subscriptions that started) per day of the mentor's zone, over the last 30 days, oldest first. */
export async function dailyEnrollments(db: Db, mentorId: string, now: Date): Promise<{ date: string; count: number }[]> {
  const mentor = await db.query.mentors.findFirst({ where: eq(mentors.id, mentorId), columns: { timeZone: true } });
  const zone = zoneOr(mentor?.timeZone, "Asia/Kolkata");
  const first = dayjs(now).tz(zone).startOf("day").subtract(29, "day");
  const rows = await db
    .select({ at: enrollments.activatedAt })
    .from(enrollments)
    .where(and(eq(enrollments.mentorId, mentorId), gte(enrollments.activatedAt, first.toDate()), inArray(enrollments.status, ["active", "canceled", "expired"])))
    .orderBy(desc(enrollments.activatedAt));
  const counts = new Map<string, number>();
  for (const r of rows) if (r.at) counts.set(dayjs(r.at).tz(zone).format("YYYY-MM-DD"), (counts.get(dayjs(r.at).tz(zone).format("YYYY-MM-DD")) ?? 0) + 1);
  return Array.from({ length: 30 }, (_, i) => {
    const date = first.add(i, "day").format("YYYY-MM-DD");
    return { date, count: counts.get(date) ?? 0 };
  });
}

// ---------------------------------------------------------------- time zones

/** Sets the caller's IANA zone; `onlyIfUnset` (the browser's detection at sign-in) never overwrites a chosen one. */
export async function setTimeZone(db: Db, who: { role: "mentee" | "mentor"; id: string }, timeZone: string, onlyIfUnset: boolean) {
  const table = who.role === "mentee" ? mentees : mentors;
  await db
    .update(table)
    .set({ timeZone })
    .where(onlyIfUnset ? and(eq(table.id, who.id), sql`${table.timeZone} is null`) : eq(table.id, who.id));
  const row = await db.select({ timeZone: table.timeZone }).from(table).where(eq(table.id, who.id));
  return { timeZone: row[0]?.timeZone ?? timeZone };
}

export async function timeZoneOf(db: Db, who: { role: "mentee" | "mentor"; id: string }) {
  const table = who.role === "mentee" ? mentees : mentors;
  const [row] = await db.select({ timeZone: table.timeZone }).from(table).where(eq(table.id, who.id));
  return { timeZone: row?.timeZone ?? null };
}
