import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentors, timeSlots, waitlistEntries } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { profileImageUrl } from "../accounts/accounts";
import { grantsAccess } from "../payments/enrollment-status";
import { fail } from "../platform/domain-error";
import { bookableUnderRules, ruleContext } from "./bookable";
import { CANCEL_WINDOW_MS, usedTrial } from "./booking";
import { bookingIdOf, cancelledBookingsOf, historiesOf } from "./booking-history";
import { bookedThisPeriod, callsLeftOf } from "./calls-left";
import { isBookingAhead, readSlot, type SlotView, slotQuery, slotView } from "./slot-view";
import { joinWaitlist } from "./waitlist";
import { waitlistRefusal } from "./waitlist-rule";

const DAY = 24 * 60 * 60 * 1000;

export type MentorSchedule = {
  mentor: { id: string; name: string; profileImage: string; timeZone: string };
  /** The open slots she could book now under the mentor's rules (notice, buffer, daily cap, time off, holds). */
  timeSlots: SlotView[];
  isEnrollmentActive: boolean;
  callsLeft: number;
  callsPerPeriod: number;
  periodEnd: string | null;
  trialUsed: boolean;
  /** She is on his waitlist ("tell me if an earlier time opens"). */
  waitlisted: boolean;
  /** The start of her next upcoming booking with him. */
  nextBooking: string | null;
  /** Why the waitlist cannot help her now (./waitlist-fit.ts), or null: the schedule offers it only then. */
  waitlistRefusal: string | null;
  /** Slots held for her now (a freed time offered from the waitlist). */
  /** Slots held for her from the waitlist, and until when. */
  heldForMe: { slotId: string; until: string }[];
};

const WINDOW = 92 * DAY;

/** The mentor's open future slots in the schedule's window that this mentee could book now under his rules. */
async function bookableSlots(
  db: Db,
  menteeId: string,
  mentorId: string,
  zone: string,
  now: Date,
  until = new Date(now.getTime() + WINDOW),
) {
  const [rows, context] = await Promise.all([
    slotQuery(db)
      .where(and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.state, "open"), gt(timeSlots.startAt, now), lt(timeSlots.startAt, until)))
      .orderBy(asc(timeSlots.startAt)),
    ruleContext(db, mentorId, zone, now, until),
  ]);
  return bookableUnderRules(rows, context, menteeId, now);
}

/** What a mentee sees on a mentor's schedule: the slots she could book, her calls left, her trial, her waitlist place and her next booking. */
export async function menteeScheduleFor(db: Db, menteeId: string, mentorId: string, now: Date): Promise<MentorSchedule> {
  const mentor = await db.query.mentors.findFirst({
    where: and(eq(mentors.id, mentorId), eq(mentors.status, "approved"), eq(mentors.isBlocked, false)),
  });
  if (!mentor) fail("NOT_FOUND", "This mentor is not available.");
  const zone = mentorZoneOrDefault(mentor.timeZone);
  const [rows, [enrollment], trial, waiting, next] = await Promise.all([
    bookableSlots(db, menteeId, mentorId, zone, now),
    db
      .select({ end: enrollments.currentPeriodEnd, booked: sql<number>`${bookedThisPeriod(menteeId)}` })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), grantsAccess(now))),
    db.query.timeSlots.findFirst({ where: usedTrial(menteeId, mentorId), columns: { id: true } }),
    db.query.waitlistEntries.findFirst({
      where: and(eq(waitlistEntries.menteeId, menteeId), eq(waitlistEntries.mentorId, mentorId)),
      columns: { id: true },
    }),
    db.query.timeSlots.findFirst({
      where: and(
        eq(timeSlots.menteeId, menteeId),
        eq(timeSlots.mentorId, mentorId),
        eq(timeSlots.state, "booked"),
        gt(timeSlots.startAt, now),
      ),
      orderBy: asc(timeSlots.startAt),
      columns: { startAt: true },
    }),
  ]);
  const callsLeft = callsLeftOf(enrollment?.booked ?? 0, Boolean(enrollment));
  const nextBooking = next?.startAt.toISOString() ?? null;
  return {
    mentor: {
      id: mentor.id,
      name: `${mentor.firstName} ${mentor.lastName}`,
      profileImage: profileImageUrl(mentor.profileImageKey),
      timeZone: zone,
    },
    timeSlots: rows.map((r) => slotView(r, now)),
    isEnrollmentActive: Boolean(enrollment),
    callsLeft,
    callsPerPeriod: CALLS_PER_MONTH,
    periodEnd: enrollment?.end?.toISOString() ?? null,
    trialUsed: Boolean(trial),
    waitlisted: Boolean(waiting),
    nextBooking,
    waitlistRefusal: waitlistRefusal({ nextBooking, callsLeft, firstOpen: rows[0]?.slot.startAt.toISOString() ?? null }),
    heldForMe: rows.flatMap((r) =>
      r.slot.heldFor === menteeId && r.slot.heldUntil && r.slot.heldUntil.getTime() > now.getTime()
        ? [{ slotId: r.slot.id, until: r.slot.heldUntil.toISOString() }]
        : [],
    ),
  };
}

/** Joins the mentor's waitlist only where it can help her (./waitlist-rule.ts, 409 otherwise); the subscription and the mentor are checked as before. */
export async function joinWaitlistWhereUseful(db: Db, menteeId: string, mentorId: string, now: Date) {
  const schedule = await menteeScheduleFor(db, menteeId, mentorId, now);
  if (schedule.isEnrollmentActive && schedule.waitlistRefusal) fail("CONFLICT", schedule.waitlistRefusal);
  return joinWaitlist(db, menteeId, mentorId, now);
}

/** How many next available times the mentee's Schedules page shows per mentor. */
export const NEXT_AVAILABLE = 3;

/**
 * For each mentor she has an active subscription with: his first bookable slots in her current period
 * (under his rules), for the "next available times" on her Schedules page.
 */
export async function nextAvailable(db: Db, menteeId: string, now: Date) {
  const subscribed = await db
    .select({
      mentorId: mentors.id,
      first: mentors.firstName,
      last: mentors.lastName,
      zone: mentors.timeZone,
      end: enrollments.currentPeriodEnd,
    })
    .from(enrollments)
    .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
    .where(and(eq(enrollments.menteeId, menteeId), grantsAccess(now), eq(mentors.status, "approved"), eq(mentors.isBlocked, false)))
    .orderBy(asc(mentors.firstName), asc(mentors.lastName));
  return Promise.all(
    subscribed.map(async (m) => {
      const zone = mentorZoneOrDefault(m.zone);
      const until = m.end && m.end.getTime() < now.getTime() + WINDOW ? m.end : new Date(now.getTime() + WINDOW);
      const rows = await bookableSlots(db, menteeId, m.mentorId, zone, now, until);
      return {
        mentorId: m.mentorId,
        mentorName: `${m.first} ${m.last}`,
        mentorTimeZone: zone,
        slots: rows.slice(0, NEXT_AVAILABLE).map((r) => slotView(r, now)),
      };
    }),
  );
}

/**
 * The mentee's bookings: upcoming (soonest first) and past (latest first; a call over or settled is past, see
 * `isBookingAhead`), with `canCancel` and
 * `canReschedule` (more than 12 hours ahead, or the mentor asked her to pick another time), each with its
 * history (read with the list, so a card never asks for the history of a slot its booking has just left);
 * and her latest cancelled bookings with who cancelled and why.
 */
export async function menteeBookings(db: Db, menteeId: string, now: Date) {
  const [rows, cancelled] = await Promise.all([
    slotQuery(db)
      .where(and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked")))
      .orderBy(asc(timeSlots.startAt)),
    cancelledBookingsOf(db, menteeId),
  ]);
  const histories = await historiesOf(
    db,
    menteeId,
    rows.map((r) => bookingIdOf(r.slot)),
  );
  const ahead = new Set(rows.filter((r) => isBookingAhead(r.slot, now)).map((r) => r.slot.id));
  const views = rows.map((r) => {
    const asked = Boolean(r.slot.rescheduleRequestedAt) && r.slot.startAt.getTime() > now.getTime();
    const open = r.slot.startAt.getTime() > now.getTime() + CANCEL_WINDOW_MS || asked;
    return {
      ...slotView(r, now),
      canCancel: open,
      canReschedule: open,
      bookedAt: r.slot.bookedAt?.toISOString() ?? null,
      history: histories.get(bookingIdOf(r.slot)) ?? [],
    };
  });
  const upcoming = views.filter((v) => ahead.has(v.id));
  const past = views.filter((v) => !ahead.has(v.id)).reverse();
  return { upcoming, past, cancelled };
}

/** A booking the caller is a party to (mentee or mentor), for the .ics download. */
export async function bookingFor(db: Db, who: { role: "mentee" | "mentor"; id: string }, slotId: string, now: Date) {
  const row = await readSlot(db, slotId);
  if (row?.slot.state !== "booked") fail("NOT_FOUND", "This booking does not exist.");
  const party = who.role === "mentee" ? row.slot.menteeId : row.slot.mentorId;
  if (party !== who.id) fail("FORBIDDEN", "You can only export your own bookings.");
  return { view: slotView(row, now), bookedAt: row.slot.bookedAt! };
}

/**
 * Every current booking of a user (for the calendar feed): from 30 days ago on, or from `since` (the person's data
 * archive asks for all of them). Cancelled and deleted ones are not booked, so they leave the feed.
 */
export async function bookingsOf(
  db: Db,
  who: { role: "mentee" | "mentor"; id: string },
  now: Date,
  since = new Date(now.getTime() - 30 * DAY),
) {
  const rows = await slotQuery(db)
    .where(
      and(
        eq(timeSlots.state, "booked"),
        who.role === "mentee" ? eq(timeSlots.menteeId, who.id) : eq(timeSlots.mentorId, who.id),
        gte(timeSlots.startAt, since),
      ),
    )
    .orderBy(asc(timeSlots.startAt));
  return rows.map((r) => ({ view: slotView(r, now), bookedAt: r.slot.bookedAt ?? r.slot.createdAt }));
}
