import { eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, tickets } from "../../db/schema";
import { grantsAccess } from "../payments/enrollment-status";
import { countPerDay, readFrom } from "../statistics/count-per-day";
import { enrollmentsPerDay } from "../statistics/daily-enrollments";

/** Subscriptions that started (were paid for the first time) per day, of every mentor. */
export function dailyEnrollments(db: Db, timeZone: string, now: Date) {
  return enrollmentsPerDay(db, timeZone, now);
}

/** Mentees who signed up per day. */
export async function dailyNewMentees(db: Db, timeZone: string, now: Date) {
  const rows = await db
    .select({ at: mentees.createdAt })
    .from(mentees)
    .where(gte(mentees.createdAt, readFrom(now)));
  return countPerDay(
    rows.map((r) => r.at),
    timeZone,
    now,
  );
}

/** The moderator home's counts: what waits for a moderator, and two numbers of the day. */
export async function homeCounts(db: Db, timeZone: string, now: Date) {
  const [[applicants], [open], [active], newMentees] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(mentors).where(eq(mentors.status, "pending")),
    db.select({ n: sql<number>`count(*)` }).from(tickets).where(eq(tickets.status, "open")),
    db.select({ n: sql<number>`count(*)` }).from(enrollments).where(grantsAccess(now)),
    dailyNewMentees(db, timeZone, now),
  ]);
  return {
    pendingApplicants: applicants.n,
    openTickets: open.n,
    activeSubscriptions: active.n,
    newMenteesToday: newMentees[newMentees.length - 1].count,
  };
}
