import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, reviews } from "../../db/schema";
import { hasEverEnrolled } from "../payments/enrollment-status";
import { fail } from "../platform/domain-error";
import { publicMentorProfile } from "../profiles/mentor-profiles";

export type ReviewView = { id: string; rating: number; text: string; author: string; createdAt: string; edited: boolean };

/** Recomputes a mentor's rating from their reviews; runs in the same batch (transaction) as the review write. */
const recomputeRating = (db: Db, mentorId: string) =>
  db
    .update(mentors)
    .set({
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${reviews.mentorId} = ${mentorId})`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.mentorId} = ${mentorId})`,
    })
    .where(eq(mentors.id, mentorId));

function encodeCursor(createdAt: Date, id: string) {
  return btoa(`${createdAt.getTime()}|${id}`);
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = atob(cursor).split("|");
    if (!id || !/^\d+$/.test(at)) throw new Error("bad cursor");
    return { at: new Date(Number(at)), id };
  } catch {
    fail("BAD_REQUEST", "Invalid page cursor");
  }
}

/** Newest first, a page at a time. Only visible mentors' reviews are listed. */
export async function listReviews(db: Db, input: { mentorId: string; cursor?: string | null; limit: number }, now: Date) {
  await publicMentorProfile(db, input.mentorId, now);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select({ review: reviews, firstName: mentees.firstName, lastName: mentees.lastName })
    .from(reviews)
    .innerJoin(mentees, eq(mentees.id, reviews.menteeId))
    .where(
      and(
        eq(reviews.mentorId, input.mentorId),
        after ? or(lt(reviews.createdAt, after.at), and(eq(reviews.createdAt, after.at), lt(reviews.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      ({ review, firstName, lastName }): ReviewView => ({
        id: review.id,
        rating: review.rating,
        text: review.text ?? "",
        author: `${firstName} ${lastName.charAt(0)}.`,
        createdAt: review.createdAt.toISOString(),
        edited: Boolean(review.updatedAt),
      }),
    ),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.review.createdAt, last.review.id) : null,
  };
}

/** The mentee's own review of a mentor, and whether they may write one. */
export async function myReview(db: Db, menteeId: string, mentorId: string) {
  const [canReview, row] = await Promise.all([
    hasEverEnrolled(db, menteeId, mentorId),
    db.query.reviews.findFirst({ where: and(eq(reviews.menteeId, menteeId), eq(reviews.mentorId, mentorId)) }),
  ]);
  return { canReview, review: row ? { rating: row.rating, text: row.text ?? "", createdAt: row.createdAt.toISOString() } : null };
}

/** Creates or edits the mentee's one review; the mentor's average moves in the same transaction. */
export async function saveReview(db: Db, menteeId: string, input: { mentorId: string; rating: number; text: string }, now: Date) {
  await publicMentorProfile(db, input.mentorId, now);
  if (!(await hasEverEnrolled(db, menteeId, input.mentorId)))
    fail("FORBIDDEN", "You can review a mentor once you have subscribed to them.");
  await db.batch([
    db
      .insert(reviews)
      .values({ menteeId, mentorId: input.mentorId, rating: input.rating, text: input.text || null, createdAt: now })
      .onConflictDoUpdate({
        target: [reviews.menteeId, reviews.mentorId],
        set: { rating: input.rating, text: input.text || null, updatedAt: now },
      }),
    recomputeRating(db, input.mentorId),
  ]);
  return myReview(db, menteeId, input.mentorId);
}

/**
 * A rating given with one tap (the rating prompt on her home, ADR 0026): her one review of the mentor
 * gets this rating and keeps its text, the mentor's average moves; statements for the caller's batch.
 */
export function oneTapRatingWrites(db: Db, menteeId: string, mentorId: string, rating: number, now: Date) {
  return [
    db
      .insert(reviews)
      .values({ menteeId, mentorId, rating, createdAt: now })
      .onConflictDoUpdate({ target: [reviews.menteeId, reviews.mentorId], set: { rating, updatedAt: now } }),
    recomputeRating(db, mentorId),
  ] as const;
}

export async function deleteReview(db: Db, menteeId: string, mentorId: string) {
  const [deleted] = await db.batch([
    db
      .delete(reviews)
      .where(and(eq(reviews.menteeId, menteeId), eq(reviews.mentorId, mentorId)))
      .returning({ id: reviews.id }),
    recomputeRating(db, mentorId),
  ]);
  if (!deleted.length) fail("NOT_FOUND", "You have not reviewed this mentor.");
}
