import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, tickets } from "../../db/schema";
import { profileImageUrl } from "../accounts/accounts";
import { fail } from "../platform/domain-error";

/** At most this many open tickets per reporter. */
export const MAX_OPEN_TICKETS = 5;
export const TOO_MANY_OPEN_TICKETS = `You already have ${MAX_OPEN_TICKETS} open tickets. Please wait until a moderator has handled one of them.`;
export const NOT_ELIGIBLE = "You can only raise a ticket about someone you have or had a subscription with.";

export type Reporter = { role: "mentee" | "mentor"; id: string };

/** A subscription that was paid at least once: the pair has worked together (now or before). */
const hadSubscription = (menteeId: unknown, mentorId: unknown) =>
  sql`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${mentorId} and ${enrollments.activatedAt} is not null)`;

/** Whom the reporter may raise a ticket about: the other side of each of their subscriptions, now or past. */
export async function ticketCandidates(db: Db, reporter: Reporter) {
  if (reporter.role === "mentee") {
    const rows = await db
      .selectDistinct({
        id: mentors.id,
        firstName: mentors.firstName,
        lastName: mentors.lastName,
        profileImageKey: mentors.profileImageKey,
      })
      .from(enrollments)
      .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
      .where(and(eq(enrollments.menteeId, reporter.id), isNotNull(enrollments.activatedAt)))
      .orderBy(mentors.firstName, mentors.lastName);
    return rows.map((r) => ({
      id: r.id,
      role: "mentor" as const,
      name: `${r.firstName} ${r.lastName}`,
      profileImageUrl: profileImageUrl(r.profileImageKey),
    }));
  }
  const rows = await db
    .selectDistinct({ id: mentees.id, firstName: mentees.firstName, lastName: mentees.lastName, profileImageKey: mentees.profileImageKey })
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .where(and(eq(enrollments.mentorId, reporter.id), isNotNull(enrollments.activatedAt)))
    .orderBy(mentees.firstName, mentees.lastName);
  return rows.map((r) => ({
    id: r.id,
    role: "mentee" as const,
    name: `${r.firstName} ${r.lastName}`,
    profileImageUrl: profileImageUrl(r.profileImageKey),
  }));
}

/**
 * Raises a ticket in one conditional statement: only about the other side of one of the reporter's
 * subscriptions, and only while the reporter has fewer than five open tickets (so concurrent
 * tickets cannot pass the limit). When nothing was inserted, says which rule refused it.
 */
export async function raiseTicket(db: Db, reporter: Reporter, accusedId: string, content: string, at: Date) {
  const accusedRole = reporter.role === "mentee" ? "mentor" : "mentee";
  const pair = reporter.role === "mentee" ? hadSubscription(reporter.id, accusedId) : hadSubscription(accusedId, reporter.id);
  const id = crypto.randomUUID();
  const now = at.getTime();
  const inserted = await db.all<{
    id: string;
  }>(sql`insert into tickets (id, reporter_role, reporter_id, accused_role, accused_id, content, status, created_at)
    select ${id}, ${reporter.role}, ${reporter.id}, ${accusedRole}, ${accusedId}, ${content}, 'open', ${now}
    where ${pair}
      and (select count(*) from tickets where reporter_role = ${reporter.role} and reporter_id = ${reporter.id} and status = 'open') < ${MAX_OPEN_TICKETS}
    returning id`);
  if (inserted.length === 0) {
    const [{ eligible }] = await db.all<{ eligible: number }>(sql`select ${pair} as eligible`);
    if (!eligible) fail("FORBIDDEN", NOT_ELIGIBLE);
    fail("TOO_MANY_REQUESTS", TOO_MANY_OPEN_TICKETS);
  }
  return { message: "Your ticket has been raised. A moderator will look into it.", ticketId: id };
}

/** The reporter's own tickets, newest first, with whom each is about and its status. */
export async function myTickets(db: Db, reporter: Reporter) {
  const other = reporter.role === "mentee" ? mentors : mentees;
  const rows = await db
    .select({ ticket: tickets, firstName: other.firstName, lastName: other.lastName })
    .from(tickets)
    .leftJoin(other, eq(other.id, tickets.accusedId))
    .where(and(eq(tickets.reporterRole, reporter.role), eq(tickets.reporterId, reporter.id)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  return rows.map((r) => ({
    id: r.ticket.id,
    status: r.ticket.status,
    kind: r.ticket.kind,
    content: r.ticket.content,
    createdAt: r.ticket.createdAt.toISOString(),
    resolvedAt: r.ticket.resolvedAt?.toISOString() ?? null,
    accused: { id: r.ticket.accusedId, role: r.ticket.accusedRole, name: r.firstName ? `${r.firstName} ${r.lastName}` : "Unknown account" },
  }));
}
