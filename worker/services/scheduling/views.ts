import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { enrollments, mentors, timeSlots } from "../../../db/schema";
import { profileImageUrl } from "../accounts";
import { fail } from "../domain-error";
import { grantsAccess } from "../enrollment-status";
import { CALLS_PER_MONTH } from "../../../shared/plan";
import { zoneOr } from "../../../shared/zoned-time";
import { bookedThisPeriod, CANCEL_WINDOW_MS } from "./booking";
import { readSlot, slotQuery, slotView, type SlotView } from "./slot-view";

const DAY = 24 * 60 * 60 * 1000;

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
