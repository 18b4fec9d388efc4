import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentorSkills, mentors } from "../../db/schema";
import type { Locale } from "../../shared/locale";
import { welcomeMail } from "../mail/account-mails";
import { deliverMailSoon, mailInsert } from "../mail/mail";
import { fail } from "../platform/domain-error";
import { mailLocale } from "../platform/i18n";
import { BLOCKED_MESSAGE } from "./accounts";
import { holdReapplication, type ProofDeps, verificationStatements } from "./email-proofs";
import { hashPassword } from "./passwords";

type NewMentee = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  /** The language she signed up in (switcher cookie, else her browser's): her mail speaks it (ADR 0027). */
  locale?: Locale;
};

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));

/** A new mentee, and in the same batch the link that proves her address (a banner offers it again later) and her welcome. */
export async function registerMentee(deps: ProofDeps, input: NewMentee, now: number): Promise<void> {
  const { db } = deps;
  const existing = await db.query.mentees.findFirst({ where: eq(mentees.email, input.email), columns: { isBlocked: true } });
  if (existing?.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });
  if (existing) fail("CONFLICT", "An account with this email already exists. Please sign in instead.");
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  const proof = await verificationStatements(db, deps, { role: "mentee", userId: id, email: input.email, locale: input.locale }, now);
  try {
    await db.batch([
      db.insert(mentees).values({
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        passwordHash,
        locale: input.locale,
      }),
      ...proof.statements,
      // A welcome, committed with the account (a refused sign-up writes none).
      mailInsert(db, welcomeMail(input.email, input.firstName, "password", mailLocale(input.locale)), now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) fail("CONFLICT", "An account with this email already exists. Please sign in instead.");
    throw error;
  }
  deliverMailSoon(deps.env, deps.waitUntil);
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
 * Creates a pending mentor with their skills and the link that proves the address in one batch
 * (all or nothing). A rejected applicant applies again on the same row, 30 days after the rejection
 * at the earliest, and only once the address's owner opens the mailed link: until then
 * nothing of the account changes, so nobody else can replace its password by re-applying.
 */
export async function applyAsMentor(deps: ProofDeps, input: NewMentor, now: Date): Promise<"applied" | "held"> {
  const { db } = deps;
  const existing = await db.query.mentors.findFirst({
    where: eq(mentors.email, input.email),
    columns: { id: true, isBlocked: true, status: true, rejectedAt: true },
  });
  if (existing?.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });
  if (existing?.status === "pending") fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
  if (existing?.status === "rejected") {
    const reapplyAt = new Date((existing.rejectedAt ?? now).getTime() + REAPPLY_AFTER_MS);
    if (now < reapplyAt) fail("FORBIDDEN", reapplyMessage(reapplyAt), { rejected: true, reapplyAt: reapplyAt.toISOString() });
    const held: HeldApplication = { fields: applicationFields(input, await hashPassword(input.password)), expertise: input.expertise };
    await holdReapplication(deps, { role: "mentor", userId: existing.id, email: input.email, locale: input.locale }, held, now.getTime());
    return "held";
  }
  if (existing) fail("CONFLICT", "You are already registered as a mentor. Please sign in.");
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const proof = await verificationStatements(
    db,
    deps,
    { role: "mentor", userId: id, email: input.email, locale: input.locale },
    now.getTime(),
  );
  try {
    await db.batch([
      db.insert(mentors).values({ id, ...applicationFields(input, passwordHash), appliedAt: now, locale: input.locale }),
      db.insert(mentorSkills).values(skillRows(id, input.expertise)),
      ...proof.statements,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) fail("FORBIDDEN", UNDER_REVIEW_APPLICATION, { underReview: true });
    throw error;
  }
  deliverMailSoon(deps.env, deps.waitUntil);
  return "applied";
}

/** A re-application kept with its proof until the link is opened: the new fields (password already hashed) and skills. */
type HeldApplication = { fields: ReturnType<typeof applicationFields>; expertise: string[] };

/**
 * The statements that apply a held re-application (replacing the rejected one's fields, password and
 * skills), each guarded by `condition` and by "still rejected"; the first returns the updated row.
 */
export function reapplyStatements(db: Db, id: string, payload: unknown, condition: SQL, now: Date) {
  const held = payload as HeldApplication;
  const taken = sql`exists (select 1 from mentors where id = ${id} and status = 'pending' and applied_at = ${now.getTime()})`;
  return [
    db
      .update(mentors)
      .set({ ...held.fields, status: "pending", appliedAt: now })
      .where(and(eq(mentors.id, id), eq(mentors.status, "rejected"), condition))
      .returning({ id: mentors.id }),
    // Only when the update above took this application.
    db.delete(mentorSkills).where(and(eq(mentorSkills.mentorId, id), taken)),
    db.run(sql`insert into mentor_skills (id, mentor_id, name, skill_key, created_at)
      select value ->> 'id', value ->> 'mentorId', value ->> 'name', value ->> 'skillKey', ${now.getTime()}
      from json_each(${JSON.stringify(skillRows(id, held.expertise).map((row) => ({ id: crypto.randomUUID(), ...row })))}) where ${taken}
      on conflict do nothing`),
  ] as const;
}
