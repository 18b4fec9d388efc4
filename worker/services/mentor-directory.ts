import { and, asc, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors, mentorSkills } from "../../db/schema";
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

function textFilter(text: string): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = (column: Parameters<typeof like>[0]) => sql`${column} like ${pattern} escape '\\'`;
  return or(
    matches(sql`${mentors.firstName} || ' ' || ${mentors.lastName}`),
    matches(mentors.jobTitle),
    matches(mentors.firmName),
    matches(mentors.bio),
    sql`exists (select 1 from ${mentorSkills} where ${mentorSkills.mentorId} = ${mentors.id} and ${mentorSkills.name} like ${pattern} escape '\\')`,
  );
}

/** Approved, unblocked mentors matching text, price bucket and minimum rating; best rated first. */
export async function searchMentors(db: Db, query: { search: string; price: PriceCode; rating: string; limit: number }): Promise<MentorCard[]> {
  const minRating = query.rating === NO_RATING ? undefined : gte(average, Number(query.rating));
  const rows = await db
    .select()
    .from(mentors)
    .where(and(visible, priceFilter(query.price), minRating, textFilter(query.search)))
    .orderBy(desc(average), desc(mentors.ratingCount), asc(mentors.firstName), asc(mentors.id))
    .limit(query.limit);
  return withSkills(db, rows);
}

async function withSkills(db: Db, rows: (typeof mentors.$inferSelect)[]): Promise<MentorCard[]> {
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
