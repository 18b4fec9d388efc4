import { type SQLWrapper, sql } from "drizzle-orm";
import { enrollments, timeSlots } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { grantsAccess } from "../payments/enrollment-status";

/**
 * The plan's calls, counted in ONE place (ADR 0026): every page that says "N of 4 calls left" and the
 * booking that refuses the fifth read these, so what a page says is what booking will allow.
 */

/** A booked call the mentor did not come to is given back (ADR 0026): it counts neither against her quota nor as her one intro call. */
export const notMissedByMentor = (alias: string) => sql.raw(`(${alias}.outcome is null or ${alias}.outcome <> 'mentor_no_show')`);

/**
 * Booked paid calls of the pair whose start is in the enrollment's current period (the quota); a call the
 * mentor missed is back in it, an intro call never counts. Correlated with `enrollments` of the statement
 * around it; `menteeId` is her id, or the enrollment's own column.
 */
export const bookedThisPeriod = (menteeId: string | SQLWrapper) =>
  sql<number>`(select count(*) from time_slots b where b.mentee_id = ${menteeId} and b.mentor_id = ${enrollments.mentorId} and b.state = 'booked' and b.type = 'session' and ${notMissedByMentor("b")}
    and b.start_at >= coalesce(${enrollments.currentPeriodStart}, 0) and b.start_at < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991))`;

/** Calls she may still book in the current period, given how many count against it (none without access). */
export function callsLeftOf(booked: number, hasAccess = true): number {
  return hasAccess ? Math.max(0, CALLS_PER_MONTH - Number(booked)) : 0;
}

/**
 * Whether a booked paid call of the statement's `time_slots` row, once given back, is in a plan she can
 * book from now: a plan with access whose current period holds the call's start. Only then is "the call
 * is back in your plan" true (she booked at most the quota, so giving one back leaves one to book).
 */
export const givenBackIntoPlan = (now: Date) =>
  sql<number>`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${timeSlots.menteeId} and ${enrollments.mentorId} = ${timeSlots.mentorId} and ${grantsAccess(now)}
    and ${timeSlots.startAt} >= coalesce(${enrollments.currentPeriodStart}, 0) and ${timeSlots.startAt} < coalesce(${enrollments.currentPeriodEnd}, 9007199254740991))`;
