import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { enrollments, mentees, mentors, tickets } from "../../../db/schema";
import { grantsAccess } from "../enrollment-status";

export const STATISTICS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The latest `count` calendar days in `timeZone`, oldest first, ending today. */
export function latestDays(timeZone: string, now: Date, count = STATISTICS_DAYS): string[] {
  const [y, m, d] = dayIn(timeZone, now).split("-").map(Number);
  const today = Date.UTC(y, m - 1, d);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Counts per day for the latest 30 days in `timeZone`, days without events as zeros. */
function countPerDay(instants: Date[], timeZone: string, now: Date) {
  const days = latestDays(timeZone, now);
  const counts = new Map(days.map((day) => [day, 0]));
  for (const at of instants) {
    const day = dayIn(timeZone, at);
    if (counts.has(day)) counts.set(day, counts.get(day)! + 1);
  }
  return days.map((date) => ({ date, count: counts.get(date)! }));
}

/** Reads a little more than 30 days back: the oldest day of the window may start up to 14 h before its UTC day. */
const windowStart = (now: Date) => new Date(now.getTime() - (STATISTICS_DAYS + 1) * DAY_MS);

/** Subscriptions that started (were paid for the first time) per day. */
export async function dailyEnrollments(db: Db, timeZone: string, now = new Date()) {
  const rows = await db
    .select({ at: enrollments.activatedAt })
    .from(enrollments)
    .where(and(isNotNull(enrollments.activatedAt), gte(enrollments.activatedAt, windowStart(now))));
  return countPerDay(rows.map((r) => r.at!), timeZone, now);
}

/** Mentees who signed up per day. */
export async function dailyNewMentees(db: Db, timeZone: string, now = new Date()) {
  const rows = await db.select({ at: mentees.createdAt }).from(mentees).where(gte(mentees.createdAt, windowStart(now)));
  return countPerDay(rows.map((r) => r.at), timeZone, now);
}

/** The moderator home's counts: what waits for a moderator, and two numbers of the day. */
export async function homeCounts(db: Db, timeZone: string, now = new Date()) {
  const [[applicants], [open], [active], newMentees] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(mentors).where(eq(mentors.status, "pending")),
    db.select({ n: sql<number>`count(*)` }).from(tickets).where(eq(tickets.status, "open")),
    db.select({ n: sql<number>`count(*)` }).from(enrollments).where(grantsAccess(now)),
    dailyNewMentees(db, timeZone, now),
  ]);
  return { pendingApplicants: applicants.n, openTickets: open.n, activeSubscriptions: active.n, newMenteesToday: newMentees[newMentees.length - 1].count };
}
