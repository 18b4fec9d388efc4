import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorAvailability, timeSlots } from "../../db/schema";
import { dayjs, formatDate } from "../../shared/zoned-time";

/**
 * The mentor's booking rules (ADR 0023): minimum notice, a buffer between booked sessions, a daily cap,
 * time off, his own calendar's busy time (the mirror of ADR 0040), and a waitlist hold. They are one SQL condition on the slot being booked, placed inside the
 * booking statement itself (and inside a move's), so two requests racing cannot get around them.
 */

export const DEFAULT_NOTICE_MINUTES = 12 * 60;
export const DEFAULT_BUFFER_MINUTES = 0;
export type BookingRules = { noticeMinutes: number; bufferMinutes: number; dailyCap: number | null };
export const DEFAULT_RULES: BookingRules = { noticeMinutes: DEFAULT_NOTICE_MINUTES, bufferMinutes: DEFAULT_BUFFER_MINUTES, dailyCap: null };

const MINUTE = 60 * 1000;

/** The instants that bound the mentor's calendar day holding `start` (in his zone; 23 or 25 hours on a DST change). */
export function mentorDay(start: Date, zone: string): { start: number; end: number } {
  const day = dayjs(start).tz(zone).startOf("day");
  return { start: day.valueOf(), end: day.add(1, "day").valueOf() };
}

const rule = (column: SQL, fallback: number | null) =>
  sql`coalesce((select ${column} from mentor_availability r where r.mentor_id = ${timeSlots.mentorId}), ${fallback})`;

/**
 * The slot (the `time_slots` row of the surrounding UPDATE) may be booked by `menteeId` at `now`:
 * it starts at least the notice ahead, no other booked session of the mentor is within the buffer,
 * the mentor's day (`day`, see mentorDay) has fewer booked sessions than his cap, it is not inside
 * his time off, it does not overlap busy time of his connected calendars (`calendar_busy`, the mirror kept by the
 * background work: read here, never the provider), and it is not held for another waitlisted mentee. `moving` names a booking being moved:
 * its own slot does not count against the buffer or the cap.
 */
export function withinMentorRules(menteeId: string, now: Date, day: { start: number; end: number }, moving?: string): SQL {
  const notMoving = moving ? sql`and o.id <> ${moving}` : sql``;
  const buffer = sql`${rule(sql`r.buffer_minutes`, DEFAULT_BUFFER_MINUTES)} * ${MINUTE}`;
  return sql`(
    ${timeSlots.startAt} > ${now.getTime()} + ${rule(sql`r.notice_minutes`, DEFAULT_NOTICE_MINUTES)} * ${MINUTE}
    and not exists (select 1 from time_slots o where o.mentor_id = ${timeSlots.mentorId} and o.state = 'booked' and o.id <> ${timeSlots.id} ${notMoving}
      and o.start_at < ${timeSlots.endAt} + ${buffer} and o.end_at > ${timeSlots.startAt} - ${buffer})
    and (select count(*) from time_slots o where o.mentor_id = ${timeSlots.mentorId} and o.state = 'booked' and o.id <> ${timeSlots.id} ${notMoving}
      and o.start_at >= ${day.start} and o.start_at < ${day.end}) < ${rule(sql`r.daily_cap`, 1_000_000)}
    and not exists (select 1 from time_off t where t.mentor_id = ${timeSlots.mentorId} and t.start_at < ${timeSlots.endAt} and t.end_at > ${timeSlots.startAt})
    and not exists (select 1 from calendar_busy b where b.mentor_id = ${timeSlots.mentorId} and b.start_at < ${timeSlots.endAt} and b.end_at > ${timeSlots.startAt})
    and (${timeSlots.heldUntil} is null or ${timeSlots.heldUntil} <= ${now.getTime()} or ${timeSlots.heldFor} = ${menteeId})
  )`;
}

/** The mentor's rules (the defaults without a row). */
export async function rulesOf(db: Db, mentorId: string): Promise<BookingRules> {
  const [row] = await db
    .select({
      noticeMinutes: mentorAvailability.noticeMinutes,
      bufferMinutes: mentorAvailability.bufferMinutes,
      dailyCap: mentorAvailability.dailyCap,
    })
    .from(mentorAvailability)
    .where(eq(mentorAvailability.mentorId, mentorId))
    .limit(1);
  return row ?? DEFAULT_RULES;
}

/** A slot that overlaps a meeting in the mentor's own calendar (ADR 0040). */
export const MENTOR_BUSY = "The mentor is busy at this time. Choose another time.";

const hoursText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`);

/**
 * Why the mentor's rules refuse this slot for this mentee now (read after a booking or move matched
 * nothing), or null when they allow it. The words a person needs to choose another time.
 */
export async function ruleRefusal(
  db: Db,
  slot: { id: string; mentorId: string; startAt: Date; endAt: Date; heldFor: string | null; heldUntil: Date | null },
  zone: string,
  menteeId: string,
  now: Date,
  moving?: string,
): Promise<string | null> {
  const rules = await rulesOf(db, slot.mentorId);
  if (slot.startAt.getTime() <= now.getTime() + rules.noticeMinutes * MINUTE) {
    return `This mentor takes bookings at least ${hoursText(rules.noticeMinutes)} ahead. Choose a later time.`;
  }
  if (slot.heldUntil && slot.heldUntil.getTime() > now.getTime() && slot.heldFor !== menteeId)
    return "This time is held for another mentee for a few minutes. Choose another time.";
  const day = mentorDay(slot.startAt, zone);
  const [row] = await db
    .select({
      offDay: sql<number>`exists (select 1 from time_off t where t.mentor_id = ${slot.mentorId} and t.start_at < ${slot.endAt.getTime()} and t.end_at > ${slot.startAt.getTime()})`,
      busy: sql<number>`exists (select 1 from calendar_busy b where b.mentor_id = ${slot.mentorId} and b.start_at < ${slot.endAt.getTime()} and b.end_at > ${slot.startAt.getTime()})`,
      near: sql<number>`exists (select 1 from time_slots o where o.mentor_id = ${slot.mentorId} and o.state = 'booked' and o.id <> ${slot.id} and o.id <> ${moving ?? ""}
        and o.start_at < ${slot.endAt.getTime() + rules.bufferMinutes * MINUTE} and o.end_at > ${slot.startAt.getTime() - rules.bufferMinutes * MINUTE})`,
      onDay: sql<number>`(select count(*) from time_slots o where o.mentor_id = ${slot.mentorId} and o.state = 'booked' and o.id <> ${slot.id} and o.id <> ${moving ?? ""}
        and o.start_at >= ${day.start} and o.start_at < ${day.end})`,
    })
    .from(sql`(select 1)`);
  if (row?.offDay) return "The mentor is away at this time. Choose another time.";
  if (row?.busy) return MENTOR_BUSY;
  if (row?.near) return `This mentor keeps ${hoursText(rules.bufferMinutes)} free between sessions. Choose another time.`;
  if (rules.dailyCap !== null && Number(row?.onDay ?? 0) >= rules.dailyCap)
    return `This mentor takes at most ${rules.dailyCap} session${rules.dailyCap === 1 ? "" : "s"} on ${formatDate(slot.startAt, zone)}. Choose another day.`;
  return null;
}

/** Used by views: a slot a mentee could book now under the rules (ignores her quota, which the view shows apart). */
export function offeredUnderRules(
  slot: { id: string; startAt: Date; endAt: Date; heldFor: string | null; heldUntil: Date | null },
  rules: BookingRules,
  booked: { id: string; startAt: Date; endAt: Date }[],
  timeOff: { startAt: Date; endAt: Date }[],
  zone: string,
  menteeId: string,
  now: Date,
  busy: { startAt: Date; endAt: Date }[] = [],
): boolean {
  if (slot.startAt.getTime() <= now.getTime() + rules.noticeMinutes * MINUTE) return false;
  if (slot.heldUntil && slot.heldUntil.getTime() > now.getTime() && slot.heldFor !== menteeId) return false;
  if (timeOff.some((t) => t.startAt < slot.endAt && t.endAt > slot.startAt)) return false;
  if (busy.some((b) => b.startAt < slot.endAt && b.endAt > slot.startAt)) return false;
  const buffer = rules.bufferMinutes * MINUTE;
  const others = booked.filter((b) => b.id !== slot.id);
  if (others.some((b) => b.startAt.getTime() < slot.endAt.getTime() + buffer && b.endAt.getTime() > slot.startAt.getTime() - buffer))
    return false;
  if (rules.dailyCap !== null) {
    const day = mentorDay(slot.startAt, zone);
    if (others.filter((b) => b.startAt.getTime() >= day.start && b.startAt.getTime() < day.end).length >= rules.dailyCap) return false;
  }
  return true;
}
