import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { type ModerationActionKind, mentees, mentors, moderationActions, moderators, type Role } from "../../db/schema";
import { personMatches } from "./list-query";

export type AuditEntry = {
  moderatorId: string;
  action: ModerationActionKind;
  targetRole: Role;
  targetId: string;
  ticketId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
};

/** The audit row of an action, for the same batch as the action (ADR 0012). `onceKey` makes a second decision fail the whole batch. */
export function auditInsert(db: Db, entry: AuditEntry, onceKey?: string) {
  return db
    .insert(moderationActions)
    .values({ ...entry, details: entry.details ? JSON.stringify(entry.details) : null, onceKey: onceKey ?? null });
}

/**
 * The audit row of an action whose write is the statement just before it in the batch: inserted
 * only if that statement changed a row (`changes() = 1`), so an action that did nothing (a second,
 * concurrent block) leaves no entry.
 */
export function auditIfChanged(db: Db, entry: AuditEntry, now: Date) {
  const details = entry.details ? JSON.stringify(entry.details) : null;
  return db.run(sql`insert into moderation_actions (id, moderator_id, action, target_role, target_id, ticket_id, reason, details, created_at)
    select ${crypto.randomUUID()}, ${entry.moderatorId}, ${entry.action}, ${entry.targetRole}, ${entry.targetId}, ${entry.ticketId ?? null}, ${entry.reason ?? null}, ${details}, ${now.getTime()}
    where changes() = 1`);
}

export const AUDIT_PAGE_SIZE = 25;

/** The audit log, newest first (or oldest first), optionally of one moderator, one target, and/or a person's name or e-mail (target or moderator). */
export async function listAudit(
  db: Db,
  filter: { moderatorId?: string; targetId?: string; search?: string; sort?: "newest" | "oldest"; page: number },
) {
  const targetMentee = alias(mentees, "target_mentee");
  const targetMentor = alias(mentors, "target_mentor");
  const conditions: (SQL | undefined)[] = [personMatches(filter.search ?? "", targetMentee, targetMentor, moderators)];
  if (filter.moderatorId) conditions.push(eq(moderationActions.moderatorId, filter.moderatorId));
  if (filter.targetId) conditions.push(eq(moderationActions.targetId, filter.targetId));
  const where = and(...conditions);
  const order =
    filter.sort === "oldest"
      ? [asc(moderationActions.createdAt), asc(moderationActions.id)]
      : [desc(moderationActions.createdAt), desc(moderationActions.id)];
  const mentee = and(eq(moderationActions.targetRole, "mentee"), eq(targetMentee.id, moderationActions.targetId));
  const mentor = and(eq(moderationActions.targetRole, "mentor"), eq(targetMentor.id, moderationActions.targetId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: moderationActions.id,
        action: moderationActions.action,
        targetRole: moderationActions.targetRole,
        targetId: moderationActions.targetId,
        ticketId: moderationActions.ticketId,
        reason: moderationActions.reason,
        details: moderationActions.details,
        createdAt: moderationActions.createdAt,
        moderatorId: moderators.id,
        moderatorFirst: moderators.firstName,
        moderatorLast: moderators.lastName,
        menteeFirst: targetMentee.firstName,
        menteeLast: targetMentee.lastName,
        mentorFirst: targetMentor.firstName,
        mentorLast: targetMentor.lastName,
      })
      .from(moderationActions)
      .innerJoin(moderators, eq(moderators.id, moderationActions.moderatorId))
      .leftJoin(targetMentee, mentee)
      .leftJoin(targetMentor, mentor)
      .where(where)
      .orderBy(...order)
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    // The same joins as the page, so a search by name counts what it shows.
    db
      .select({ total: sql<number>`count(*)` })
      .from(moderationActions)
      .innerJoin(moderators, eq(moderators.id, moderationActions.moderatorId))
      .leftJoin(targetMentee, mentee)
      .leftJoin(targetMentor, mentor)
      .where(where),
  ]);
  return {
    total,
    page: filter.page,
    pageSize: AUDIT_PAGE_SIZE,
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      moderator: { id: r.moderatorId, name: `${r.moderatorFirst} ${r.moderatorLast}` },
      target: {
        role: r.targetRole,
        id: r.targetId,
        name: r.menteeFirst ? `${r.menteeFirst} ${r.menteeLast}` : r.mentorFirst ? `${r.mentorFirst} ${r.mentorLast}` : "Unknown account",
      },
      ticketId: r.ticketId,
      reason: r.reason,
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Every moderator, for the audit log's filter. */
export async function listModerators(db: Db) {
  const rows = await db
    .select({ id: moderators.id, firstName: moderators.firstName, lastName: moderators.lastName })
    .from(moderators)
    .orderBy(moderators.firstName);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}
