import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors } from "../../db/schema";
import { profileImageUrl } from "../accounts/accounts";
import { attendanceRecordColumns, recordOf } from "../attendance/records";
import { grantsAccess } from "../payments/enrollment-status";
import { LIST_PAGE_SIZE, type ListQuery, listOrder, offsetOf, personMatches } from "./list-query";

/** Mentees by name or e-mail, newest first (or oldest first, or by name), a page at a time. */
export async function listMentees(db: Db, q: ListQuery, now: Date) {
  const where = personMatches(q.search, mentees);
  const record = attendanceRecordColumns("mentee", now);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mentees.id,
        firstName: mentees.firstName,
        lastName: mentees.lastName,
        email: mentees.email,
        phone: mentees.phone,
        isBlocked: mentees.isBlocked,
        profileImageKey: mentees.profileImageKey,
        createdAt: mentees.createdAt,
        ...record,
      })
      .from(mentees)
      .where(where)
      .orderBy(...listOrder(q.sort ?? "newest", mentees.createdAt, mentees, mentees.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(q.page)),
    db.select({ total: sql<number>`count(*)` }).from(mentees).where(where),
  ]);
  return {
    total,
    page: q.page,
    pageSize: LIST_PAGE_SIZE,
    items: rows.map(({ profileImageKey, createdAt, completed, noShows, lateCancels, reschedules, ...r }) => ({
      ...r,
      profileImageUrl: profileImageUrl(profileImageKey),
      joinedAt: createdAt.toISOString(),
      attendance: recordOf({ completed, noShows, lateCancels, reschedules }),
    })),
  };
}

/** Approved mentors (blocked ones included) by name or e-mail, with rating and the number of active subscriptions. */
export async function listMentors(db: Db, q: ListQuery, now: Date) {
  const where = and(eq(mentors.status, "approved"), personMatches(q.search, mentors));
  const record = attendanceRecordColumns("mentor", now);
  // The mentor's active (access-granting) subscriptions. The pairing goes through eq() so both columns keep their
  // table names: a column written straight into a selected sql field loses it, and a bare "id" would be the enrollment's.
  const subscribers = sql<number>`(select count(*) from ${enrollments} where ${and(eq(enrollments.mentorId, mentors.id), grantsAccess(now))})`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mentors.id,
        firstName: mentors.firstName,
        lastName: mentors.lastName,
        email: mentors.email,
        phone: mentors.phone,
        jobTitle: mentors.jobTitle,
        firmName: mentors.firmName,
        isBlocked: mentors.isBlocked,
        ratingSum: mentors.ratingSum,
        ratingCount: mentors.ratingCount,
        profileImageKey: mentors.profileImageKey,
        createdAt: mentors.createdAt,
        approvedAt: mentors.approvedAt,
        subscribers,
        ...record,
      })
      .from(mentors)
      .where(where)
      .orderBy(...listOrder(q.sort ?? "newest", mentors.createdAt, mentors, mentors.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(q.page)),
    db.select({ total: sql<number>`count(*)` }).from(mentors).where(where),
  ]);
  return {
    total,
    page: q.page,
    pageSize: LIST_PAGE_SIZE,
    items: rows.map(
      ({ profileImageKey, createdAt, approvedAt, ratingSum, ratingCount, completed, noShows, lateCancels, reschedules, ...r }) => ({
        ...r,
        attendance: recordOf({ completed, noShows, lateCancels, reschedules }),
        profileImageUrl: profileImageUrl(profileImageKey),
        joinedAt: (approvedAt ?? createdAt).toISOString(),
        rating: ratingCount ? Math.round((ratingSum / ratingCount) * 10) / 10 : null,
        ratingCount,
        subscribers: Number(r.subscribers),
      }),
    ),
  };
}
