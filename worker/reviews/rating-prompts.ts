import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentors, ratingPrompts, reviews, timeSlots } from "../../db/schema";
import { EVER_PAID_STATUSES, hasEverEnrolled } from "../payments/enrollment-status";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { duePrompt, PROMPT_RECENT_MS } from "./rating-prompt-rule";
import { oneTapRatingWrites } from "./reviews";

export type RatingPrompt = { slotId: string; mentorId: string; mentorName: string; mentorFirstName: string; start: string };

/** She may review a mentor she has subscribed to (the reviews' own rule), shown and not blocked. */
const reviewable = (menteeId: string) =>
  and(
    eq(mentors.status, "approved"),
    eq(mentors.isBlocked, false),
    sql`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${timeSlots.mentorId} and ${inArray(enrollments.status, [...EVER_PAID_STATUSES])})`,
  );

/**
 * The rating prompt for her home (ADR 0026), if one is due: her recent completed sessions with
 * mentors she may review, each with her last prompt and review of its mentor, in one statement that
 * travels with the home's other reads; the rule (./rule.ts) picks.
 */
export async function ratingPromptFor(db: Db, menteeId: string, now: Date): Promise<RatingPrompt | null> {
  const rows = await db
    .select({
      slotId: timeSlots.id,
      mentorId: timeSlots.mentorId,
      first: mentors.firstName,
      last: mentors.lastName,
      start: timeSlots.startAt,
      end: timeSlots.endAt,
      lastPromptAt: ratingPrompts.promptedAt,
      reviewCreated: reviews.createdAt,
      reviewUpdated: reviews.updatedAt,
    })
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .leftJoin(ratingPrompts, and(eq(ratingPrompts.menteeId, menteeId), eq(ratingPrompts.mentorId, timeSlots.mentorId)))
    .leftJoin(reviews, and(eq(reviews.menteeId, menteeId), eq(reviews.mentorId, timeSlots.mentorId)))
    .where(
      and(
        eq(timeSlots.menteeId, menteeId),
        eq(timeSlots.state, "booked"),
        eq(timeSlots.outcome, "completed"),
        gt(timeSlots.startAt, new Date(now.getTime() - PROMPT_RECENT_MS)),
        lt(timeSlots.endAt, now),
        reviewable(menteeId),
      ),
    )
    .orderBy(desc(timeSlots.endAt))
    .limit(20);
  const due = duePrompt(
    rows.map((r) => ({ ...r, reviewedAt: r.reviewUpdated ?? r.reviewCreated ?? null })),
    now,
  );
  return due
    ? {
        slotId: due.slotId,
        mentorId: due.mentorId,
        mentorName: `${due.first} ${due.last}`,
        mentorFirstName: due.first,
        start: due.start.toISOString(),
      }
    : null;
}

export const NO_SUCH_PROMPT = "There is no completed session of yours with this id.";

/** Her completed session the prompt asked about (404 for anything else). */
async function promptedSession(db: Db, menteeId: string, slotId: string) {
  const [row] = await db
    .select({ mentorId: timeSlots.mentorId, first: mentors.firstName, status: mentors.status, blocked: mentors.isBlocked })
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .where(
      and(eq(timeSlots.id, slotId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"), eq(timeSlots.outcome, "completed")),
    )
    .limit(1);
  if (!row) fail("NOT_FOUND", NO_SUCH_PROMPT);
  return row;
}

/** Closes the pair's prompt (answered or dismissed): the period starts again from now. Twice for the same session counts once. */
function closePrompt(db: Db, menteeId: string, mentorId: string, slotId: string, now: Date) {
  return db
    .insert(ratingPrompts)
    .values({ menteeId, mentorId, slotId, promptedAt: now, closedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: [ratingPrompts.menteeId, ratingPrompts.mentorId],
      set: { slotId, promptedAt: now, closedAt: now, count: sql`${ratingPrompts.count} + 1` },
      setWhere: sql`${ratingPrompts.slotId} <> ${slotId} or ${ratingPrompts.closedAt} is null`,
    });
}

/**
 * One tap on a star: her one review of the mentor gets this rating (its text kept; the mentor's
 * average moves) and the prompt closes, in one batch. The reviews' rule holds: she must have
 * subscribed to him, and he must be shown.
 */
export async function rateFromPrompt(deps: Pick<ServiceDeps, "db" | "now">, menteeId: string, slotId: string, rating: number) {
  const { db, now } = deps;
  const session = await promptedSession(db, menteeId, slotId);
  if (session.status !== "approved" || session.blocked) fail("NOT_FOUND", "This mentor is not available.");
  if (!(await hasEverEnrolled(db, menteeId, session.mentorId)))
    fail("FORBIDDEN", "You can review a mentor once you have subscribed to them.");
  const [upsert, recompute] = oneTapRatingWrites(db, menteeId, session.mentorId, rating, now);
  await db.batch([upsert, recompute, closePrompt(db, menteeId, session.mentorId, slotId, now)]);
  return {
    message: `Thanks! You rated ${session.first} ${rating === 1 ? "1 star" : `${rating} stars`}.`,
    mentorId: session.mentorId,
    rating,
  };
}

/** "Not now": the prompt closes without a rating. */
export async function dismissPrompt(deps: Pick<ServiceDeps, "db" | "now">, menteeId: string, slotId: string) {
  const { db, now } = deps;
  const session = await promptedSession(db, menteeId, slotId);
  await closePrompt(db, menteeId, session.mentorId, slotId, now);
  return { message: "We won't ask about this session again." };
}
