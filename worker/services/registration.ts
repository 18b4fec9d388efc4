import { eq } from "drizzle-orm";
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

export const UNDER_REVIEW_APPLICATION = "Your application is already under review. We will get back to you after verifying your details.";

/** Creates a pending mentor with their skills in one batch (all or nothing). */
export async function applyAsMentor(db: Db, input: NewMentor): Promise<void> {
  const existing = await db.query.mentors.findFirst({ where: eq(mentors.email, input.email), columns: { isBlocked: true, status: true } });
  if (existing?.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });
  if (existing?.status === "pending") fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
  if (existing) fail("CONFLICT", "You are already registered as a mentor. Please sign in.");
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(mentors).values({
        id,
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
      }),
      db.insert(mentorSkills).values(input.expertise.map((name) => ({ mentorId: id, name, skillKey: name.toLowerCase() }))),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
    throw error;
  }
}
