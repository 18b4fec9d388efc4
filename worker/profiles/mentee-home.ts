import { and, asc, desc, eq, getTableColumns, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, timeSlots } from "../../db/schema";
import { unreadSummary } from "../chat/conversations";
import { grantsAccess } from "../payments/enrollment-status";
import { menteeSubscriptions } from "../payments/subscriptions";
import { mentorStaying } from "../privacy/leaving";
import { type RatingPrompt, ratingPromptFor } from "../reviews/rating-prompts";
import { bookingAhead, type SlotView, slotQuery, slotView } from "../scheduling/slot-view";
import { type MentorCard, mentorCard, skillsJson } from "../search/mentor-directory";

/** How many mentors the home suggests. */
export const HOME_SUGGESTIONS = 4;

export type HomeSubscription = {
  id: string;
  mentorId: string;
  mentorName: string;
  mentorImage: string;
  status: "active" | "ending";
  callsLeft: number;
  callsPerPeriod: number;
  periodEnd: string | null;
};

/** Where the suggestions came from: her recent searches, her subscriptions' skills, or (neither) the best rated. */
export type SuggestionBasis = "searches" | "subscriptions" | "rating";

export type MenteeHome = {
  /** Her next session whose call has not ended nor been settled (the one to join or prepare for, `bookingAhead`), and how many are coming. */
  nextSession: SlotView | null;
  upcomingSessions: number;
  /** Running subscriptions with the calls she can still book this period. */
  subscriptions: HomeSubscription[];
  unread: { conversations: number; messages: number };
  suggestions: { basis: SuggestionBasis; mentors: MentorCard[] };
  /** What her profile still lacks (for "Complete your profile"). */
  profileMissing: ("photo" | "about" | "timeZone")[];
  /** "How was your session with Asha?" after a completed session, once per mentor per period (ADR 0026). */
  ratingPrompt: RatingPrompt | null;
  /** Her sessions a mentor asked her to move (not yet started), soonest first: she answers from her home, not only her lists. */
  rescheduleRequests: SlotView[];
};

/** Search words made safe for a LIKE-free `instr` match: lower-cased, trimmed, 2 to 60 characters, at most 5. */
function searchTerms(searches: readonly string[]): string[] {
  const terms = searches.map((s) => s.trim().toLowerCase()).filter((s) => s.length >= 2 && s.length <= 60);
  return [...new Set(terms)].slice(0, 5);
}

/** A visible mentor, not leaving, she has no running subscription with (one of her own mentors is never suggested). */
const suggestable = (menteeId: string, now: Date) =>
  and(
    eq(mentors.status, "approved"),
    eq(mentors.isBlocked, false),
    mentorStaying(mentors.id),
    sql`not exists (select 1 from ${enrollments} where ${enrollments.mentorId} = "mentors"."id" and ${enrollments.menteeId} = ${menteeId} and ${grantsAccess(now)})`,
  );

/**
 * Visible mentors she has no running subscription with, scored by how many of their skills match:
 * a skill of a mentor she has subscribed to (now or before), or a skill containing one of her
 * recent search terms. Best score first, then rating.
 */
async function suggestedMentors(
  db: Db,
  menteeId: string,
  terms: string[],
  now: Date,
  basis: "searches" | "subscriptions",
): Promise<MentorCard[]> {
  const fromSubscriptions = sql`s.skill_key in (select s2.skill_key from mentor_skills s2 join enrollments e2 on e2.mentor_id = s2.mentor_id where e2.mentee_id = ${menteeId} and e2.status in ('active', 'canceled', 'expired'))`;
  const fromSearches = terms.length
    ? sql.join(
        terms.map((t) => sql`instr(s.skill_key, ${t}) > 0`),
        sql` or `,
      )
    : sql`0`;
  const match: SQL = basis === "searches" ? fromSearches : fromSubscriptions;
  const score = sql<number>`(select count(*) from mentor_skills s where s.mentor_id = "mentors"."id" and (${match}))`;
  const rows = await db
    .select({ mentor: getTableColumns(mentors), skillsJson, score })
    .from(mentors)
    .where(and(suggestable(menteeId, now), sql`${score} > 0`))
    .orderBy(desc(score), desc(mentors.ratingCount), asc(mentors.firstName), asc(mentors.id))
    .limit(HOME_SUGGESTIONS);
  return rows.map((r) => mentorCard(r.mentor, r.skillsJson));
}

async function bestRated(db: Db, menteeId: string, now: Date): Promise<MentorCard[]> {
  const average = sql`case when ${mentors.ratingCount} = 0 then 0 else cast(${mentors.ratingSum} as real) / ${mentors.ratingCount} end`;
  const rows = await db
    .select({ mentor: getTableColumns(mentors), skillsJson })
    .from(mentors)
    .where(suggestable(menteeId, now))
    .orderBy(desc(average), desc(mentors.ratingCount), asc(mentors.firstName), asc(mentors.id))
    .limit(HOME_SUGGESTIONS);
  return rows.map((r) => mentorCard(r.mentor, r.skillsJson));
}

/** Suggestions from her searches first, else from her subscriptions' skills, else the best rated. */
async function suggestions(db: Db, menteeId: string, searches: readonly string[], now: Date): Promise<MenteeHome["suggestions"]> {
  const terms = searchTerms(searches);
  if (terms.length) {
    const found = await suggestedMentors(db, menteeId, terms, now, "searches");
    if (found.length) return { basis: "searches", mentors: found };
  }
  const related = await suggestedMentors(db, menteeId, terms, now, "subscriptions");
  if (related.length) return { basis: "subscriptions", mentors: related };
  return { basis: "rating", mentors: await bestRated(db, menteeId, now) };
}

/**
 * The mentee's home: her next session, calls left per running subscription, unread
 * conversations, suggested mentors and what her profile lacks. Read only; the panels' queries run
 * side by side.
 */
export async function menteeHome(db: Db, menteeId: string, input: { searches: readonly string[] }, now: Date): Promise<MenteeHome> {
  const upcoming = and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"), bookingAhead(now));
  const [next, [count], subscriptions, unread, suggested, me, ratingPrompt, asked] = await Promise.all([
    slotQuery(db).where(upcoming).orderBy(asc(timeSlots.startAt)).limit(1),
    db.select({ n: sql<number>`count(*)` }).from(timeSlots).where(upcoming),
    menteeSubscriptions(db, menteeId, now),
    unreadSummary(db, { role: "mentee", id: menteeId }),
    suggestions(db, menteeId, input.searches, now),
    db.query.mentees.findFirst({ where: eq(mentees.id, menteeId), columns: { bio: true, profileImageKey: true, timeZone: true } }),
    ratingPromptFor(db, menteeId, now),
    slotQuery(db)
      .where(and(upcoming, gt(timeSlots.startAt, now), isNotNull(timeSlots.rescheduleRequestedAt)))
      .orderBy(asc(timeSlots.startAt))
      .limit(5),
  ]);
  const profileMissing: MenteeHome["profileMissing"] = [];
  if (!me?.profileImageKey) profileMissing.push("photo");
  if (!me?.bio?.trim()) profileMissing.push("about");
  if (!me?.timeZone) profileMissing.push("timeZone");
  return {
    nextSession: next[0] ? slotView(next[0], now) : null,
    upcomingSessions: Number(count?.n ?? 0),
    subscriptions: subscriptions
      .filter((s) => s.isActive)
      .map((s) => ({
        id: s.id,
        mentorId: s.mentor.id,
        mentorName: `${s.mentor.firstName} ${s.mentor.lastName}`,
        mentorImage: s.mentor.profileImageUrl,
        status: s.status === "ending" ? "ending" : "active",
        callsLeft: s.callsLeft,
        callsPerPeriod: s.callsPerPeriod,
        periodEnd: s.currentPeriodEnd,
      })),
    unread: { conversations: unread.unreadConversations, messages: unread.unreadMessages },
    suggestions: suggested,
    profileMissing,
    ratingPrompt,
    rescheduleRequests: asked.map((r) => slotView(r, now)),
  };
}
