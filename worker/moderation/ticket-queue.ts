import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { mentees, mentors, moderators, type Role, tickets, timeSlots } from "../../db/schema";
import { partyAtFault } from "../../shared/attendance";
import { presenceFromJson, presenceJson } from "../attendance/disputes";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { auditIfChanged } from "./audit";

export const TICKET_PAGE_SIZE = 20;

type Person = { role: Role; id: string; name: string; email: string | null; isBlocked: boolean | null };

type Joined = { first: string; last: string; email: string; blocked: boolean } | null;

const person = (role: Role, id: string, mentee: Joined, mentor: Joined): Person => {
  const p = role === "mentee" ? mentee : mentor;
  return { role, id, name: p ? `${p.first} ${p.last}` : "Unknown account", email: p?.email ?? null, isBlocked: p?.blocked ?? null };
};

/** Every ticket, open first (oldest open first), then resolved (newest first), with the people involved. */
export async function listTicketQueue(db: Db, page: number) {
  const rMentee = alias(mentees, "r_mentee");
  const rMentor = alias(mentors, "r_mentor");
  const aMentee = alias(mentees, "a_mentee");
  const aMentor = alias(mentors, "a_mentor");
  const resolver = alias(moderators, "resolver");
  const rowsRead = db
    .select({
      ticket: tickets,
      rMentee: { first: rMentee.firstName, last: rMentee.lastName, email: rMentee.email, blocked: rMentee.isBlocked },
      rMentor: { first: rMentor.firstName, last: rMentor.lastName, email: rMentor.email, blocked: rMentor.isBlocked },
      aMentee: { first: aMentee.firstName, last: aMentee.lastName, email: aMentee.email, blocked: aMentee.isBlocked },
      aMentor: { first: aMentor.firstName, last: aMentor.lastName, email: aMentor.email, blocked: aMentor.isBlocked },
      resolverFirst: resolver.firstName,
      resolverLast: resolver.lastName,
      session: { start: timeSlots.startAt, type: timeSlots.type, outcome: timeSlots.outcome },
      presence: presenceJson(tickets.slotId),
    })
    .from(tickets)
    .leftJoin(rMentee, and(eq(tickets.reporterRole, "mentee"), eq(rMentee.id, tickets.reporterId)))
    .leftJoin(rMentor, and(eq(tickets.reporterRole, "mentor"), eq(rMentor.id, tickets.reporterId)))
    .leftJoin(aMentee, and(eq(tickets.accusedRole, "mentee"), eq(aMentee.id, tickets.accusedId)))
    .leftJoin(aMentor, and(eq(tickets.accusedRole, "mentor"), eq(aMentor.id, tickets.accusedId)))
    .leftJoin(resolver, eq(resolver.id, tickets.resolvedBy))
    .leftJoin(timeSlots, eq(timeSlots.id, tickets.slotId))
    .orderBy(
      sql`case when ${tickets.status} = 'open' then 0 else 1 end`,
      sql`case when ${tickets.status} = 'open' then ${tickets.createdAt} else -${tickets.createdAt} end`,
      asc(tickets.id),
    )
    .limit(TICKET_PAGE_SIZE)
    .offset((page - 1) * TICKET_PAGE_SIZE);
  // The page and the counts leave together (one round trip).
  const [rows, [{ total, open }]] = await Promise.all([
    rowsRead,
    db.select({ total: sql<number>`count(*)`, open: sql<number>`coalesce(sum(${tickets.status} = 'open'), 0)` }).from(tickets),
  ]);
  return {
    total,
    open,
    page,
    pageSize: TICKET_PAGE_SIZE,
    items: rows.map((r) => ({
      id: r.ticket.id,
      kind: r.ticket.kind,
      status: r.ticket.status,
      content: r.ticket.content,
      createdAt: r.ticket.createdAt.toISOString(),
      reporter: person(r.ticket.reporterRole, r.ticket.reporterId, r.rMentee, r.rMentor),
      accused: person(r.ticket.accusedRole, r.ticket.accusedId, r.aMentee, r.aMentor),
      resolution: r.ticket.resolution,
      resolutionNote: r.ticket.resolutionNote,
      resolvedAt: r.ticket.resolvedAt?.toISOString() ?? null,
      resolvedBy: r.resolverFirst ? `${r.resolverFirst} ${r.resolverLast}` : null,
      /** An attendance dispute's session: when, its recorded outcome, and what the live room saw (ADR 0026). */
      session:
        r.ticket.kind === "attendance" && r.ticket.slotId && r.session?.start
          ? {
              slotId: r.ticket.slotId,
              start: r.session.start.toISOString(),
              type: r.session.type,
              outcome: r.session.outcome,
              /** Who a Block falls on: the one the record holds at fault (null: nobody, so no Block). */
              atFault: r.session.outcome ? partyAtFault(r.session.outcome) : null,
              presence: presenceFromJson(r.presence),
            }
          : null,
    })),
  };
}

/** Closes a ticket without acting on the accused, with a note, and its audit entry, in one batch. */
export async function dismissTicket(deps: ServiceDeps, moderatorId: string, ticketId: string, note: string) {
  const ticket = await deps.db.query.tickets.findFirst({ where: eq(tickets.id, ticketId) });
  if (!ticket) fail("NOT_FOUND", "This ticket was not found.");
  if (ticket.status !== "open") fail("CONFLICT", "This ticket has already been resolved.");
  const { now } = deps;
  const [updated] = await deps.db.batch([
    deps.db
      .update(tickets)
      .set({ status: "resolved", resolution: "dismissed", resolutionNote: note, resolvedBy: moderatorId, resolvedAt: now })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "open")))
      .returning({ id: tickets.id }),
    auditIfChanged(
      deps.db,
      { moderatorId, action: "dismiss_ticket", targetRole: ticket.accusedRole, targetId: ticket.accusedId, ticketId, reason: note },
      now,
    ),
  ]);
  if (updated.length === 0) fail("CONFLICT", "This ticket has already been resolved.");
  return { message: "Ticket dismissed" };
}
