import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { profileImageUrl } from "../accounts/accounts";
import { bookedThisPeriod, callsLeftOf } from "../scheduling/calls-left";
import { type MentorCard, mentorCard, skillsJson } from "../search/mentor-directory";
import { rowGrantsAccess } from "./enrollment-status";

type Enrollment = typeof enrollments.$inferSelect;

/** How a subscription reads to its people: running, running but set to end, or over. */
export type SubscriptionStatus = "active" | "ending" | "canceled" | "expired";

export type SubscriptionSummary = {
  id: string;
  status: SubscriptionStatus;
  /** The subscriber has access now (Chat, Schedule). */
  isActive: boolean;
  amountPaise: number;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** When an ending subscription stops, or when a renewing one renews. */
  cancelAtPeriodEnd: boolean;
  paymentFailed: boolean;
  endedAt: string | null;
  /** Calls not yet booked in the current period. */
  callsLeft: number;
  callsPerPeriod: number;
  startedAt: string | null;
};

const SHOWN = ["active", "canceled", "expired"] as const;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Calls counted against the current period, by the one count booking obeys (worker/scheduling/calls-left.ts). */
const bookedInPeriod = bookedThisPeriod(enrollments.menteeId);

function summary(row: Enrollment, booked: number, now: Date): SubscriptionSummary {
  const isActive = rowGrantsAccess(row, now);
  const status: SubscriptionStatus = isActive
    ? row.cancelAtPeriodEnd
      ? "ending"
      : "active"
    : row.status === "canceled"
      ? "canceled"
      : "expired";
  return {
    id: row.id,
    status,
    isActive,
    amountPaise: row.amountPaise,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentFailed: Boolean(row.paymentFailedAt),
    endedAt: iso(row.endedAt),
    callsLeft: callsLeftOf(booked, isActive),
    callsPerPeriod: CALLS_PER_MONTH,
    startedAt: iso(row.activatedAt),
  };
}

/** Running subscriptions first, then the most recent. */
const order = [
  sql`case when ${enrollments.status} = 'active' then 0 else 1 end`,
  desc(enrollments.currentPeriodEnd),
  desc(enrollments.createdAt),
];

export type MenteeSubscription = SubscriptionSummary & { mentor: MentorCard };

/** A mentee's subscriptions, each with its mentor's card. */
export async function menteeSubscriptions(db: Db, menteeId: string, now: Date): Promise<MenteeSubscription[]> {
  const rows = await db
    .select({ enrollment: getTableColumns(enrollments), mentor: getTableColumns(mentors), skillsJson, booked: bookedInPeriod })
    .from(enrollments)
    .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
    .where(and(eq(enrollments.menteeId, menteeId), inArray(enrollments.status, SHOWN)))
    .orderBy(...order);
  return rows.map((r) => ({ ...summary(r.enrollment, r.booked, now), mentor: mentorCard(r.mentor, r.skillsJson) }));
}

export type SubscriberMentee = { id: string; firstName: string; lastName: string; profileImageUrl: string };
export type MentorSubscriber = SubscriptionSummary & { mentee: SubscriberMentee };

/** A mentor's subscribers (current and past), each with the mentee's name and picture. */
export async function mentorSubscribers(db: Db, mentorId: string, now: Date): Promise<MentorSubscriber[]> {
  const rows = await db
    .select({
      enrollment: getTableColumns(enrollments),
      mentee: { id: mentees.id, firstName: mentees.firstName, lastName: mentees.lastName, profileImageKey: mentees.profileImageKey },
      booked: bookedInPeriod,
    })
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .where(and(eq(enrollments.mentorId, mentorId), inArray(enrollments.status, SHOWN)))
    .orderBy(...order);
  return rows.map((r) => ({
    ...summary(r.enrollment, r.booked, now),
    mentee: {
      id: r.mentee.id,
      firstName: r.mentee.firstName,
      lastName: r.mentee.lastName,
      profileImageUrl: profileImageUrl(r.mentee.profileImageKey),
    },
  }));
}
