import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, mentorSkills } from "../../db/schema";
import { ftsQuery, mentorSearch, mentorSearchKeys } from "../../db/search-index";
import { PRICE_BUCKETS, NO_RATING, type PriceCode } from "../validation/search";
import { profileImageUrl } from "./accounts";

export type MentorCard = {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  firmName: string;
  shortBio: string | null;
  bio: string;
  location: string | null;
  skills: string[];
  hourlyRatePaise: number;
  profileImageUrl: string;
  rating: number | null;
  reviewCount: number;
};

const average = sql<number>`case when ${mentors.ratingCount} = 0 then 0 else cast(${mentors.ratingSum} as real) / ${mentors.ratingCount} end`;

/** Visible mentors are approved and not blocked. */
const visible = and(eq(mentors.status, "approved"), eq(mentors.isBlocked, false));

function priceFilter(code: PriceCode): SQL | undefined {
  const { min, max } = PRICE_BUCKETS[code];
  return and(min === null ? undefined : gte(mentors.hourlyRatePaise, min), max === null ? undefined : lte(mentors.hourlyRatePaise, max));
}

/** Columns weighted name 10, job title 6, firm 4, skills 8, bio 1 (lower bm25 = better). */
const relevance = sql<number>`bm25(mentor_search, 10.0, 6.0, 4.0, 8.0, 1.0)`;

/**
 * Approved, unblocked mentors matching the words (FTS5, ranked by relevance), the price bucket and
 * the minimum rating. Without words: everyone, best rated first.
 */
export async function searchMentors(db: Db, query: { search: string; price: PriceCode; rating: string; limit: number }): Promise<MentorCard[]> {
  const minRating = query.rating === NO_RATING ? undefined : gte(average, Number(query.rating));
  const filters = and(visible, priceFilter(query.price), minRating);
  const byRating = [desc(average), desc(mentors.ratingCount), asc(mentors.firstName), asc(mentors.id)];
  const match = ftsQuery(query.search);
  const rows = match
    ? await db
        .select(getTableColumns(mentors))
        .from(mentorSearch)
        .innerJoin(mentorSearchKeys, eq(mentorSearchKeys.id, mentorSearch.rowid))
        .innerJoin(mentors, eq(mentors.id, mentorSearchKeys.mentorId))
        .where(and(sql`mentor_search match ${match}`, filters))
        .orderBy(relevance, ...byRating)
        .limit(query.limit)
    : await db.select().from(mentors).where(filters).orderBy(...byRating).limit(query.limit);
  return toMentorCards(db, rows);
}

/** Cards for mentor rows, with each mentor's skills in the order they were added (one query). */
export async function toMentorCards(db: Db, rows: (typeof mentors.$inferSelect)[]): Promise<MentorCard[]> {
  const skills = rows.length
    ? await db
        .select({ mentorId: mentorSkills.mentorId, name: mentorSkills.name })
        .from(mentorSkills)
        .where(inArray(mentorSkills.mentorId, rows.map((r) => r.id)))
        .orderBy(asc(mentorSkills.createdAt), asc(mentorSkills.id))
    : [];
  return rows.map((m) => ({
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    jobTitle: m.jobTitle,
    firmName: m.firmName,
    shortBio: m.shortBio,
    bio: m.bio,
    location: m.location,
    skills: skills.filter((s) => s.mentorId === m.id).map((s) => s.name),
    hourlyRatePaise: m.hourlyRatePaise,
    profileImageUrl: profileImageUrl(m.profileImageKey),
    rating: m.ratingCount ? Math.round((m.ratingSum / m.ratingCount) * 10) / 10 : null,
    reviewCount: m.ratingCount,
  }));
}
