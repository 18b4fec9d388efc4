import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors } from "../../db/schema";
import { ftsQuery, mentorSearch, mentorSearchKeys } from "../../db/search-index";
import { PRICE_BUCKETS, NO_RATING, type PriceCode } from "../../shared/validation/search";
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
/**
 * The same test for a text search, with the unary `+` keeping SQLite from walking a mentors index
 * (then probing FTS per mentor, ~50x slower): the FTS match must drive the join.
 */
const visibleMatch = sql`+"mentors"."status" = 'approved' and +"mentors"."is_blocked" = 0`;

function priceFilter(code: PriceCode): SQL | undefined {
  const { min, max } = PRICE_BUCKETS[code];
  return and(min === null ? undefined : gte(mentors.hourlyRatePaise, min), max === null ? undefined : lte(mentors.hourlyRatePaise, max));
}

/** Columns weighted name 10, job title 6, firm 4, skills 8, bio 1 (lower bm25 = better). */
const relevance = sql<number>`bm25(mentor_search, 10.0, 6.0, 4.0, 8.0, 1.0)`;

/** A mentor's skills in the order they were added, as a JSON array, read in the same statement. */
// Written out in full: drizzle leaves columns unqualified in a one-table select, where `id` would be the skill's.
export const skillsJson = sql<string>`(select json_group_array(name) from (select s.name from mentor_skills s where s.mentor_id = "mentors"."id" order by s.created_at, s.id))`;

type MentorRow = typeof mentors.$inferSelect;

/** The columns a card shows: a search reads only these (less for sqld to encode and send). */
const cardColumns = {
  id: mentors.id,
  firstName: mentors.firstName,
  lastName: mentors.lastName,
  jobTitle: mentors.jobTitle,
  firmName: mentors.firmName,
  shortBio: mentors.shortBio,
  bio: mentors.bio,
  location: mentors.location,
  hourlyRatePaise: mentors.hourlyRatePaise,
  profileImageKey: mentors.profileImageKey,
  ratingSum: mentors.ratingSum,
  ratingCount: mentors.ratingCount,
};
type CardRow = { [K in keyof typeof cardColumns]: MentorRow[K] };

/**
 * Approved, unblocked mentors matching the words (FTS5, ranked by relevance), the price bucket and
 * the minimum rating. Without words: everyone, best rated first. One statement, one round trip.
 */
export async function searchMentors(db: Db, query: { search: string; price: PriceCode; rating: string; limit: number }): Promise<MentorCard[]> {
  const minRating = query.rating === NO_RATING ? undefined : gte(average, Number(query.rating));
  const filters = and(priceFilter(query.price), minRating);
  const byRating = [desc(average), desc(mentors.ratingCount), asc(mentors.firstName), asc(mentors.id)];
  const columns = { mentor: cardColumns, skillsJson };
  const match = ftsQuery(query.search);
  const rows = match
    ? await db
        .select(columns)
        .from(mentorSearch)
        .innerJoin(mentorSearchKeys, eq(mentorSearchKeys.id, mentorSearch.rowid))
        .innerJoin(mentors, eq(mentors.id, mentorSearchKeys.mentorId))
        .where(and(sql`mentor_search match ${match}`, visibleMatch, filters))
        .orderBy(relevance, ...byRating)
        .limit(query.limit)
    : await db.select(columns).from(mentors).where(and(visible, filters)).orderBy(...byRating).limit(query.limit);
  return rows.map((r) => mentorCard(r.mentor, r.skillsJson));
}

/** A card from a row read with `skillsJson` beside it. */
export function mentorCard(m: CardRow, skillsJsonText: string): MentorCard {
  const skills = JSON.parse(skillsJsonText) as string[];
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    jobTitle: m.jobTitle,
    firmName: m.firmName,
    shortBio: m.shortBio,
    bio: m.bio,
    location: m.location,
    skills,
    hourlyRatePaise: m.hourlyRatePaise,
    profileImageUrl: profileImageUrl(m.profileImageKey),
    rating: m.ratingCount ? Math.round((m.ratingSum / m.ratingCount) * 10) / 10 : null,
    reviewCount: m.ratingCount,
  };
}
