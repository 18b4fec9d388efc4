import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, mentorSkills } from "../../db/schema";
import { fail } from "../trpc/errors";
import { BLOCKED_MESSAGE } from "./accounts";
import { hashPassword } from "./passwords";

type NewMentee = { firstName: string; lastName: string; email: string; phone: string; password: string };

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));

export async function registerMentee(db: Db, input: NewMentee): Promise<void> {
  const existing = await db.query.mentees.findFirst({ where: eq(mentees.email, input.email), columns: { isBlocked: true } });
  if (existing?.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });
  if (existing) fail("CONFLICT", "An account with this email already exists. Please sign in instead.");
  const passwordHash = await hashPassword(input.password);
  try {
    await db.insert(mentees).values({ firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error)) fail("CONFLICT", "An account with this email already exists. Please sign in instead.");
    throw error;
  }
}

type NewMentor = NewMentee & {
  jobTitle: string;
  firmName: string;
  location: string;
  bio: string;
  educationalQualification: string;
  hourlyRate: number;
  expertise: string[];
  website: string;
  twitterUrl: string;
  linkedInUrl: string;
};

/** A rejected applicant may apply again this long after the rejection (ADR 0012). */
export const REAPPLY_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** "You can apply again from 5 March 2026": the date in UTC; clients show `reapplyAt` in the viewer's zone. */
export function reapplyMessage(reapplyAt: Date): string {
  const day = reapplyAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `Your earlier application was not accepted. You can apply again from ${day}.`;
}

export const UNDER_REVIEW_APPLICATION = "Your application is already under review. We will get back to you after verifying your details.";

function applicationFields(input: NewMentor, passwordHash: string) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    passwordHash,
    jobTitle: input.jobTitle,
    firmName: input.firmName,
    location: input.location || null,
    bio: input.bio,
    educationalQualification: input.educationalQualification,
    hourlyRatePaise: Math.round(input.hourlyRate * 100),
    website: input.website || null,
    twitterUrl: input.twitterUrl || null,
    linkedInUrl: input.linkedInUrl || null,
  };
}

const skillRows = (mentorId: string, expertise: string[]) => expertise.map((name) => ({ mentorId, name, skillKey: name.toLowerCase() }));

/**
 * Creates a pending mentor with their skills in one batch (all or nothing). A rejected applicant
 * applies again on the same row, 30 days after the rejection at the earliest.
 */
export async function applyAsMentor(db: Db, input: NewMentor, now = new Date()): Promise<void> {
  const existing = await db.query.mentors.findFirst({ where: eq(mentors.email, input.email), columns: { id: true, isBlocked: true, status: true, rejectedAt: true } });
  if (existing?.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });
  if (existing?.status === "pending") fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
  if (existing?.status === "rejected") return reapply(db, existing.id, existing.rejectedAt ?? now, input, now);
  if (existing) fail("CONFLICT", "You are already registered as a mentor. Please sign in.");
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(mentors).values({ id, ...applicationFields(input, passwordHash), appliedAt: now }),
      db.insert(mentorSkills).values(skillRows(id, input.expertise)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
    throw error;
  }
}

/** The new application replaces the rejected one (fields, password and skills) in one batch, only while it is still rejected. */
async function reapply(db: Db, id: string, rejectedAt: Date, input: NewMentor, now: Date): Promise<void> {
  const reapplyAt = new Date(rejectedAt.getTime() + REAPPLY_AFTER_MS);
  if (now < reapplyAt) fail("FORBIDDEN", reapplyMessage(reapplyAt), { rejected: true, reapplyAt: reapplyAt.toISOString() });
  const passwordHash = await hashPassword(input.password);
  const [updated] = await db.batch([
    db
      .update(mentors)
      .set({ ...applicationFields(input, passwordHash), status: "pending", appliedAt: now })
      .where(and(eq(mentors.id, id), eq(mentors.status, "rejected")))
      .returning({ id: mentors.id }),
    // Only when the update above took this application (a concurrent re-application keeps its own skills).
    db.delete(mentorSkills).where(and(eq(mentorSkills.mentorId, id), sql`exists (select 1 from mentors where id = ${id} and status = 'pending' and applied_at = ${now.getTime()})`)),
    db.insert(mentorSkills).values(skillRows(id, input.expertise)).onConflictDoNothing(),
  ]);
  if (updated.length === 0) fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
}
