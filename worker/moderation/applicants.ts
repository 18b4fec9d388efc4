import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorSkills, mentors } from "../../db/schema";
import { REAPPLY_AFTER_MS } from "../accounts/registration";
import { applicationAcceptedMail, applicationRejectedMail } from "../mail/application-mails";
import { deliverMailSoon, mailInsert } from "../mail/mail";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { mailLocale } from "../platform/i18n";
import { auditInsert } from "./audit";
import { LIST_PAGE_SIZE, type ListQuery, listOrder, offsetOf, personMatches } from "./list-query";

const appliedAt = sql`coalesce(${mentors.appliedAt}, ${mentors.createdAt})`;

/** Applications with all their fields (SPEC §3) and skills, in the order of `rows`. */
async function withSkills(db: Db, rows: (typeof mentors.$inferSelect)[]) {
  const skills = rows.length
    ? await db
        .select({ mentorId: mentorSkills.mentorId, name: mentorSkills.name })
        .from(mentorSkills)
        .where(
          inArray(
            mentorSkills.mentorId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(mentorSkills.createdAt), sql`${mentorSkills}.rowid`)
    : [];
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    jobTitle: r.jobTitle,
    firmName: r.firmName,
    location: r.location,
    bio: r.bio,
    educationalQualification: r.educationalQualification,
    hourlyRatePaise: r.hourlyRatePaise,
    expertise: skills.filter((s) => s.mentorId === r.id).map((s) => s.name),
    website: r.website,
    twitterUrl: r.twitterUrl,
    linkedInUrl: r.linkedInUrl,
    isBlocked: r.isBlocked,
    appliedAt: (r.appliedAt ?? r.createdAt).toISOString(),
    reapplication: r.rejectedAt !== null,
  }));
}

/** Every pending application with all its fields (SPEC §3), oldest first (the REST list of SPEC §7). */
export async function listApplicants(db: Db) {
  return withSkills(db, await db.select().from(mentors).where(eq(mentors.status, "pending")).orderBy(asc(appliedAt)));
}

/** Pending applications by name or e-mail, oldest first (or newest first, or by name), a page at a time. */
export async function listApplicantsPage(db: Db, q: ListQuery) {
  const where = and(eq(mentors.status, "pending"), personMatches(q.search, mentors));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(mentors)
      .where(where)
      .orderBy(...listOrder(q.sort ?? "oldest", appliedAt, mentors, mentors.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(q.page)),
    db.select({ total: sql<number>`count(*)` }).from(mentors).where(where),
  ]);
  return { total, page: q.page, pageSize: LIST_PAGE_SIZE, items: await withSkills(db, rows) };
}

async function pendingApplicant(db: Db, mentorId: string) {
  const row = await db.query.mentors.findFirst({ where: eq(mentors.id, mentorId) });
  if (!row) fail("NOT_FOUND", "This applicant was not found.");
  if (row.status !== "pending")
    fail(
      "CONFLICT",
      row.status === "approved" ? "This applicant has already been accepted." : "This application has already been rejected.",
    );
  return row;
}

/** One decision per application: a second, concurrent decision fails on this key and changes nothing. */
const decisionKey = (row: { id: string; appliedAt: Date | null; createdAt: Date }) =>
  `application:${row.id}:${(row.appliedAt ?? row.createdAt).getTime()}`;

/** Who a decision's mail goes to, in the language he chose (English when none). */
const applicantOf = (row: { email: string; firstName: string; locale: string | null }) => ({
  email: row.email,
  first: row.firstName,
  locale: mailLocale(row.locale),
});

const ALREADY_DECIDED = "This application has already been decided by another moderator.";
const isDecided = (error: unknown) =>
  /UNIQUE constraint failed: moderation_actions\.once_key/.test(String((error as { cause?: unknown })?.cause ?? error) + String(error));

async function decide(deps: ServiceDeps, statements: Parameters<Db["batch"]>[0]) {
  try {
    await deps.db.batch(statements);
  } catch (error) {
    if (isDecided(error)) fail("CONFLICT", ALREADY_DECIDED);
    throw error;
  }
  deliverMailSoon(deps.env, deps.waitUntil);
}

/** Accepts an application: the mentor can sign in at once and appears in search; the applicant is e-mailed. */
export async function acceptApplicant(deps: ServiceDeps, moderatorId: string, mentorId: string) {
  const row = await pendingApplicant(deps.db, mentorId);
  const { now } = deps;
  await decide(deps, [
    deps.db
      .update(mentors)
      .set({ status: "approved", approvedAt: now, rejectionReason: null })
      .where(and(eq(mentors.id, mentorId), eq(mentors.status, "pending"))),
    auditInsert(deps.db, { moderatorId, action: "accept_applicant", targetRole: "mentor", targetId: mentorId }, decisionKey(row)),
    mailInsert(deps.db, applicationAcceptedMail(applicantOf(row)), now.getTime()),
  ]);
  return { message: "Mentor accepted", mentorId, name: `${row.firstName} ${row.lastName}`, email: row.email };
}

/** Rejects an application with a reason; the applicant is e-mailed the reason and when they may apply again. */
export async function rejectApplicant(deps: ServiceDeps, moderatorId: string, mentorId: string, reason: string) {
  const row = await pendingApplicant(deps.db, mentorId);
  const { now } = deps;
  const reapplyAt = new Date(now.getTime() + REAPPLY_AFTER_MS);
  await decide(deps, [
    deps.db
      .update(mentors)
      .set({ status: "rejected", rejectedAt: now, rejectionReason: reason })
      .where(and(eq(mentors.id, mentorId), eq(mentors.status, "pending"))),
    auditInsert(deps.db, { moderatorId, action: "reject_applicant", targetRole: "mentor", targetId: mentorId, reason }, decisionKey(row)),
    mailInsert(deps.db, applicationRejectedMail(applicantOf(row), reason, reapplyAt), now.getTime()),
  ]);
  return { message: "Application rejected", mentorId, reapplyAt: reapplyAt.toISOString() };
}
