import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { mentors } from "../../db/schema";
import { MIN_REPLIES_SHOWN, RESPONSIVE_WITHIN_MS, replyMinutes } from "../../shared/reply-time";
import {
  NO_RATING,
  PRICE_BUCKETS,
  PRICE_RANGES,
  type PriceCode,
  type PriceRange,
  type SortCode,
} from "../../shared/validation/search-filters";
import { profileImageUrl } from "../accounts/accounts";
import { mentorStaying } from "../privacy/leaving";
import { DEFAULT_NOTICE_MINUTES } from "../scheduling/booking-rules";
import { hitsOf, tierOf } from "./search-ranking";
import { searchTerms } from "./search-terms";

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
  /** Search results only: the mentor's average chat reply time in minutes, null before a first reply. */
  typicalReplyMinutes?: number | null;
  /** Search results only: how many replies that average rests on (cards show it from MIN_REPLIES_SHOWN, ADR 0026). */
  replyCount?: number;
  /** The start of his earliest open slot a mentee may still book (ISO), null when he has none: "Next free" on cards and profiles. */
  nextFreeAt?: string | null;
};

/**
 * The start of the mentor (`mentorRef`)'s earliest open slot that is beyond his minimum notice at `now` and held for no
 * one from his waitlist, as ms: a subquery of the statement that reads the cards or the profile, so no card costs a trip
 * of its own; each is a short walk of time_slots_mentor_start_idx from now. The buffer and the daily cap are left to his
 * schedule (a slot they rule out is shown as free until someone tries).
 */
export const nextFreeMs = (mentorRef: SQL, now: Date) =>
  sql<number | null>`(select min(t.start_at) from time_slots t where t.mentor_id = ${mentorRef} and t.state = 'open'
    and t.start_at > ${now.getTime()} + coalesce((select r.notice_minutes from mentor_availability r where r.mentor_id = ${mentorRef}), ${DEFAULT_NOTICE_MINUTES}) * 60000
    and (t.held_until is null or t.held_until <= ${now.getTime()}))`;
export const nextFreeIso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

const average = sql<number>`case when "m"."rating_count" = 0 then 0 else cast("m"."rating_sum" as real) / "m"."rating_count" end`;

type Range = { min: number | null; max: number | null };
function rateWithin({ min, max }: Range): SQL[] {
  return [
    min === null ? null : sql`"m"."hourly_rate_paise" >= ${min}`,
    max === null ? null : sql`"m"."hourly_rate_paise" <= ${max}`,
  ].filter((c): c is SQL => c !== null);
}

/** A mentor's skills in the order they were added, as a JSON array, read in the same statement. */
// Written out in full: drizzle leaves columns unqualified in a one-table select, where `id` would be the skill's.
export const skillsJson = sql<string>`(select json_group_array(name) from (select s.name from mentor_skills s where s.mentor_id = "mentors"."id" order by s.created_at, s.id))`;
/** Average ms from a mentee's message to the mentor's answer (migration 0013), null before a first reply. */
const replyMs = sql`(select reply_ms_sum / replies from mentor_reply_stats where mentor_id = "m"."id")`;
const replyCount = sql`coalesce((select replies from mentor_reply_stats where mentor_id = "m"."id"), 0)`;
/**
 * Search's tie-breaker: 1 for a mentor whose average reply, over enough replies to be
 * shown, is within a day; else 0. Sorted after what makes a match good (tier) or a rating, never before.
 */
const responsive = sql`coalesce((select replies >= ${MIN_REPLIES_SHOWN} and reply_ms_sum <= replies * ${RESPONSIVE_WITHIN_MS} from mentor_reply_stats where mentor_id = "m"."id"), 0)`;
const cardSkillsJson = sql`(select json_group_array(name) from (select s.name from mentor_skills s where s.mentor_id = "m"."id" order by s.created_at, s.id))`;

type MentorRow = typeof mentors.$inferSelect;
type CardRow = Pick<
  MentorRow,
  | "id"
  | "firstName"
  | "lastName"
  | "jobTitle"
  | "firmName"
  | "shortBio"
  | "bio"
  | "location"
  | "hourlyRatePaise"
  | "profileImageKey"
  | "ratingSum"
  | "ratingCount"
>;

/** The columns a card shows (id first: the bench reads it): a search reads only these. */
const cardColumns = (
  now: Date,
) => sql`"m"."id", "m"."first_name", "m"."last_name", "m"."job_title", "m"."firm_name", "m"."short_bio", "m"."bio", "m"."location",
  "m"."hourly_rate_paise", "m"."profile_image_key", "m"."rating_sum", "m"."rating_count", ${cardSkillsJson} as "skills_json", ${replyMs} as "reply_ms", ${replyCount} as "reply_count",
  ${nextFreeMs(sql`"m"."id"`, now)} as "next_free"`;
type CardSqlRow = {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string;
  firm_name: string;
  short_bio: string | null;
  bio: string;
  location: string | null;
  hourly_rate_paise: number;
  profile_image_key: string | null;
  rating_sum: number;
  rating_count: number;
  skills_json: string;
  reply_ms: number | null;
  reply_count: number;
  next_free: number | null;
};

export type SearchQuery = { search: string; price: PriceCode; rating: string; range?: PriceRange; sort?: SortCode; limit: number };

/**
 * Approved, unblocked mentors who are not leaving, matching the text, the price bucket, the browse range and the minimum
 * rating, in the order asked for (relevance by default). One statement, one round trip.
 */
export async function searchMentors(db: Db, query: SearchQuery, now: Date): Promise<MentorCard[]> {
  const terms = searchTerms(query.search);
  const conditions = [
    // Visible: approved and not blocked. With text, the unary `+` keeps SQLite from walking a mentors
    // index (then probing FTS per mentor, ~50x slower): the FTS match must drive the join. Without
    // text, the plain test lets the listing read mentors_visible_rating_idx (migration 0002) in order.
    terms ? sql`+"m"."status" = 'approved'` : sql`"m"."status" = 'approved'`,
    terms ? sql`+"m"."is_blocked" = 0` : sql`"m"."is_blocked" = 0`,
    // A mentor who asked to delete his account is not offered while it is in progress (ADR 0042).
    mentorStaying(sql`"m"."id"`),
    ...rateWithin(PRICE_BUCKETS[query.price]),
    ...(query.range ? rateWithin(PRICE_RANGES[query.range]) : []),
    ...(query.rating === NO_RATING ? [] : [sql`${average} >= ${Number(query.rating)}`]),
  ];
  const where = sql.join(conditions, sql` and `);
  // Equal ratings: responsive mentors first, then by name.
  const byRating = sql`${average} desc, "m"."rating_count" desc, ${responsive} desc, "m"."first_name" asc, "m"."id" asc`;
  const byPrice = {
    "price-asc": sql`"m"."hourly_rate_paise" asc, `,
    "price-desc": sql`"m"."hourly_rate_paise" desc, `,
    rating: sql`${byRating}, `,
    // Mentors who have never answered a chat come after those who have.
    response: sql`${replyMs} is null, ${replyMs} asc, `,
    relevance: sql``,
  }[query.sort ?? "relevance"];
  const statement = terms
    ? sql`select ${cardColumns(now)} from ${hitsOf(terms)} as "h"
        join "mentor_search_keys" "k" on "k"."id" = "h"."rid"
        join "mentors" "m" on "m"."id" = "k"."mentor_id"
        where ${where}
        order by ${byPrice}"h"."fuzzy", ${tierOf(terms)} desc, ${responsive} desc, "h"."rank", ${byRating}
        limit ${query.limit}`
    : sql`select ${cardColumns(now)} from "mentors" "m" where ${where} order by ${byPrice}${byRating} limit ${query.limit}`;
  const rows = await db.all<CardSqlRow>(statement);
  return rows.map((r) => ({
    ...mentorCard(
      {
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        jobTitle: r.job_title,
        firmName: r.firm_name,
        shortBio: r.short_bio,
        bio: r.bio,
        location: r.location,
        hourlyRatePaise: r.hourly_rate_paise,
        profileImageKey: r.profile_image_key,
        ratingSum: r.rating_sum,
        ratingCount: r.rating_count,
      },
      r.skills_json,
    ),
    typicalReplyMinutes: r.reply_ms === null ? null : replyMinutes(r.reply_ms),
    replyCount: r.reply_count,
    nextFreeAt: nextFreeIso(r.next_free),
  }));
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
