import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorSkills, mentors } from "../../db/schema";
import { MAX_SKILLS } from "../../shared/validation/profiles";
import { fail } from "../platform/domain-error";
import { type Responsiveness, replyStatsColumns, responsivenessOf } from "../responsiveness/profile-fields";
import { type MentorCard, mentorCard, nextFreeIso, nextFreeMs, skillsJson } from "../search/mentor-directory";

/** With his reply time and last activity, coarsened (ADR 0026). */
export type MentorProfile = MentorCard &
  Responsiveness & {
    educationalQualification: string;
    website: string | null;
    twitterUrl: string | null;
    linkedInUrl: string | null;
    stripePriceId: string | null;
  };

export type OwnMentorProfile = MentorProfile & { email: string; phone: string; timeZone: string | null };

async function loadProfile(db: Db, mentorId: string, now: Date) {
  const [found] = await db
    .select({ row: getTableColumns(mentors), skillsJson, ...replyStatsColumns, nextFree: nextFreeMs(sql`"mentors"."id"`, now) })
    .from(mentors)
    .where(eq(mentors.id, mentorId));
  if (!found) return null;
  const { row } = found;
  const profile: MentorProfile = {
    ...mentorCard(row, found.skillsJson),
    nextFreeAt: nextFreeIso(found.nextFree),
    ...responsivenessOf(found, row.lastActiveAt, now),
    educationalQualification: row.educationalQualification,
    website: row.website,
    twitterUrl: row.twitterUrl,
    linkedInUrl: row.linkedInUrl,
    stripePriceId: row.stripePriceId,
  };
  return { row, profile };
}

/** A mentor as mentees see them; pending, blocked and unknown mentors are "not found" alike. */
export async function publicMentorProfile(db: Db, mentorId: string, now: Date): Promise<MentorProfile> {
  const found = await loadProfile(db, mentorId, now);
  if (found?.row.status !== "approved" || found.row.isBlocked)
    fail("NOT_FOUND", "This mentor is not available. They may have left or the link may be wrong.");
  return found.profile;
}

export async function ownMentorProfile(db: Db, mentorId: string, now: Date): Promise<OwnMentorProfile> {
  const found = await loadProfile(db, mentorId, now);
  if (!found) fail("NOT_FOUND", "Profile not found.");
  return { ...found.profile, email: found.row.email, phone: found.row.phone, timeZone: found.row.timeZone };
}

type MentorChanges = Partial<{
  firstName: string;
  lastName: string;
  phone: string;
  jobTitle: string;
  firmName: string;
  location: string;
  bio: string;
  shortBio: string;
  educationalQualification: string;
  hourlyRate: number;
  website: string;
  twitterUrl: string;
  linkedInUrl: string;
  timeZone: string;
}>;

export async function updateMentorProfile(db: Db, mentorId: string, changes: MentorChanges, now: Date): Promise<OwnMentorProfile> {
  const { hourlyRate, location, shortBio, website, twitterUrl, linkedInUrl, ...rest } = changes;
  const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const set = {
    ...rest,
    hourlyRatePaise: hourlyRate === undefined ? undefined : Math.round(hourlyRate * 100),
    location: emptyToNull(location),
    shortBio: emptyToNull(shortBio),
    website: emptyToNull(website),
    twitterUrl: emptyToNull(twitterUrl),
    linkedInUrl: emptyToNull(linkedInUrl),
  };
  const defined = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length) await db.update(mentors).set(defined).where(eq(mentors.id, mentorId));
  return ownMentorProfile(db, mentorId, now);
}

async function skillNames(db: Db, mentorId: string): Promise<string[]> {
  const rows = await db
    .select({ name: mentorSkills.name })
    .from(mentorSkills)
    .where(eq(mentorSkills.mentorId, mentorId))
    .orderBy(asc(mentorSkills.createdAt), asc(mentorSkills.id));
  return rows.map((r) => r.name);
}

/** Adds skills not already held (case-insensitively); the unique index makes a race harmless. */
export async function addMentorSkills(db: Db, mentorId: string, names: string[], at: Date): Promise<string[]> {
  const existing = await skillNames(db, mentorId);
  const held = new Set(existing.map((s) => s.toLowerCase()));
  const fresh: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (!held.has(key)) {
      held.add(key);
      fresh.push(name);
    }
  }
  if (!fresh.length) fail("CONFLICT", "You already have these skills.");
  if (existing.length + fresh.length > MAX_SKILLS) fail("BAD_REQUEST", `A profile can list at most ${MAX_SKILLS} skills.`);
  const now = at.getTime();
  await db
    .insert(mentorSkills)
    .values(fresh.map((name, i) => ({ mentorId, name, skillKey: name.toLowerCase(), createdAt: new Date(now + i) })))
    .onConflictDoNothing();
  return skillNames(db, mentorId);
}

export async function removeMentorSkill(db: Db, mentorId: string, name: string): Promise<string[]> {
  const removed = await db
    .delete(mentorSkills)
    .where(and(eq(mentorSkills.mentorId, mentorId), eq(mentorSkills.skillKey, name.toLowerCase())))
    .returning({ id: mentorSkills.id });
  if (!removed.length) fail("NOT_FOUND", `"${name}" is not one of your skills.`);
  return skillNames(db, mentorId);
}
