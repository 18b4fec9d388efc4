import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, mentees, mentors, refreshSessions, tickets, timeSlots } from "../../db/schema";
import { partyAtFault } from "../../shared/attendance";
import { rotateCalendarFeedStatement } from "../calendars/calendar-feed";
import { grantsAccess } from "../payments/enrollment-status";
import { setCancelAtPeriodEnd } from "../payments/manage";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { paymentsFor } from "../platform/ports/stripe-client";
import { disconnectSignIns } from "../realtime/push";
import { auditIfChanged } from "./audit";

export type Member = "mentee" | "mentor";
export type BlockTarget = { role: Member; id: string };

const tableOf = (role: Member) => (role === "mentee" ? mentees : mentors);

async function readTarget(db: Db, target: BlockTarget) {
  const table = tableOf(target.role);
  const [row] = await db.select({ id: table.id, isBlocked: table.isBlocked }).from(table).where(eq(table.id, target.id));
  if (!row) fail("NOT_FOUND", `This ${target.role} was not found.`);
  return row;
}

/** The subscriptions of a mentor that still renew: a block ends them at period end. */
async function renewingSubscriptions(db: Db, mentorId: string, now: Date) {
  return db
    .select({ id: enrollments.id, menteeId: enrollments.menteeId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.mentorId, mentorId),
        grantsAccess(now),
        eq(enrollments.cancelAtPeriodEnd, false),
        isNotNull(enrollments.stripeSubscriptionId),
      ),
    );
}

/**
 * The statements that block or unblock an account, for one batch: the conditional flag change, its
 * audit entry (only if the flag changed) and, on block, the revocation of every refresh session of
 * the account, so its access tokens are refused on their next request (their sign-in has ended), and a
 * new secret for its calendar feed, so the old feed URL stops with them (ADR 0005).
 */
function blockStatements(
  db: Db,
  target: BlockTarget,
  blocked: boolean,
  audit: { moderatorId: string; reason: string; ticketId?: string; details?: Record<string, unknown> },
  now: Date,
  onlyIf?: SQL,
) {
  const table = tableOf(target.role);
  const statements = [
    db
      .update(table)
      .set({ isBlocked: blocked })
      .where(and(eq(table.id, target.id), eq(table.isBlocked, !blocked), onlyIf))
      .returning({ id: table.id }),
    auditIfChanged(db, { ...audit, action: blocked ? "block" : "unblock", targetRole: target.role, targetId: target.id }, now),
  ] as const;
  const revoke = [
    db
      .update(refreshSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(refreshSessions.userRole, target.role), eq(refreshSessions.userId, target.id), isNull(refreshSessions.revokedAt), onlyIf),
      ),
    rotateCalendarFeedStatement(db, target, now, onlyIf),
  ] as const;
  return { statements, revoke };
}

/**
 * After a block committed: close the account's open tabs, and end a blocked mentor's renewing
 * subscriptions at period end through the payments code (the mentees keep what they paid for).
 */
async function afterBlock(deps: ServiceDeps, target: BlockTarget, toEnd: { id: string; menteeId: string }[]) {
  disconnectSignIns(deps, target, {}, "blocked", deps.now);
  if (toEnd.length === 0) return { subscriptionsEnding: 0, subscriptionsFailed: 0 };
  const payments = paymentsFor(deps);
  let failed = 0;
  for (const e of toEnd) {
    try {
      await setCancelAtPeriodEnd(deps, payments, { menteeId: e.menteeId, enrollmentId: e.id, cancel: true });
    } catch (error) {
      failed++;
      console.error(`[${deps.requestId}] could not end subscription ${e.id} of blocked mentor ${target.id}`, error);
    }
  }
  return { subscriptionsEnding: toEnd.length - failed, subscriptionsFailed: failed };
}

export type BlockOutcome = { changed: boolean; isBlocked: boolean; subscriptionsEnding: number; subscriptionsFailed: number };

/** Blocks or unblocks a mentee or mentor, with a reason, as one batch; then the effects that follow a commit. */
export async function setAccountBlocked(
  deps: ServiceDeps,
  moderatorId: string,
  target: BlockTarget,
  blocked: boolean,
  reason: string,
): Promise<BlockOutcome> {
  await readTarget(deps.db, target);
  const { now } = deps;
  const toEnd = blocked && target.role === "mentor" ? await renewingSubscriptions(deps.db, target.id, now) : [];
  const details = toEnd.length ? { subscriptionsSetToEnd: toEnd.map((e) => e.id) } : undefined;
  const { statements, revoke } = blockStatements(deps.db, target, blocked, { moderatorId, reason, details }, now);
  const [changed] = blocked ? await deps.db.batch([...statements, ...revoke]) : await deps.db.batch([...statements]);
  if (changed.length === 0) return { changed: false, isBlocked: blocked, subscriptionsEnding: 0, subscriptionsFailed: 0 };
  if (!blocked) return { changed: true, isBlocked: false, subscriptionsEnding: 0, subscriptionsFailed: 0 };
  return { changed: true, isBlocked: true, ...(await afterBlock(deps, target, toEnd)) };
}

/** The legacy toggle (`mentees_status_change`, `mentor_status_change`): blocks an active account, unblocks a blocked one. */
export async function toggleAccountBlocked(
  deps: ServiceDeps,
  moderatorId: string,
  target: BlockTarget,
  reason: string,
): Promise<BlockOutcome> {
  const row = await readTarget(deps.db, target);
  return setAccountBlocked(deps, moderatorId, target, !row.isBlocked, reason);
}

export const NOBODY_AT_FAULT = "Nobody is recorded as missing this session, so there is nobody to block: decide the dispute instead.";

/**
 * Who a Block on an attendance dispute falls on: the party the recorded outcome holds at fault (the one
 * who did not come), never the one who came, whoever raised the dispute; refused when nobody is.
 */
async function attendanceBlockTarget(db: Db, slotId: string | null): Promise<BlockTarget> {
  const slot = slotId
    ? await db.query.timeSlots.findFirst({
        where: eq(timeSlots.id, slotId),
        columns: { outcome: true, mentorId: true, menteeId: true },
      })
    : undefined;
  const fault = slot?.outcome ? partyAtFault(slot.outcome) : null;
  if (!slot || !fault || (fault === "mentee" && !slot.menteeId)) fail("CONFLICT", NOBODY_AT_FAULT);
  return fault === "mentee" ? { role: "mentee", id: slot.menteeId! } : { role: "mentor", id: slot.mentorId };
}

/**
 * "Block user" on a ticket: resolves the ticket and blocks the accused (of an attendance dispute: the one at fault) in one batch, with an audit
 * entry for each; then the effects of the block. A ticket already resolved is refused.
 */
export async function blockFromTicket(deps: ServiceDeps, moderatorId: string, ticketId: string, note: string | undefined) {
  const ticket = await deps.db.query.tickets.findFirst({ where: eq(tickets.id, ticketId) });
  if (!ticket) fail("NOT_FOUND", "This ticket was not found.");
  if (ticket.status !== "open") fail("CONFLICT", "This ticket has already been resolved.");
  if (ticket.accusedRole === "moderator") fail("BAD_REQUEST", "Moderators cannot be blocked from a ticket.");
  const target: BlockTarget =
    ticket.kind === "attendance" ? await attendanceBlockTarget(deps.db, ticket.slotId) : { role: ticket.accusedRole, id: ticket.accusedId };
  const { now } = deps;
  const reason = note?.trim() || `Ticket: ${ticket.content.slice(0, 200)}`;
  const toEnd = target.role === "mentor" ? await renewingSubscriptions(deps.db, target.id, now) : [];
  const details = toEnd.length ? { subscriptionsSetToEnd: toEnd.map((e) => e.id) } : undefined;
  // The block happens only if this batch resolved the ticket (not a concurrent Dismiss).
  const resolvedHere = sql`exists (select 1 from tickets where id = ${ticketId} and resolved_by = ${moderatorId} and resolved_at = ${now.getTime()} and resolution = 'blocked')`;
  const { statements, revoke } = blockStatements(deps.db, target, true, { moderatorId, reason, ticketId, details }, now, resolvedHere);
  const [resolved, , blocked] = await deps.db.batch([
    deps.db
      .update(tickets)
      .set({ status: "resolved", resolution: "blocked", resolutionNote: note?.trim() || null, resolvedBy: moderatorId, resolvedAt: now })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "open")))
      .returning({ id: tickets.id }),
    auditIfChanged(
      deps.db,
      { moderatorId, action: "resolve_ticket_block", targetRole: target.role, targetId: target.id, ticketId, reason },
      now,
    ),
    ...statements,
    ...revoke,
  ]);
  if (resolved.length === 0) fail("CONFLICT", "This ticket has already been resolved.");
  const effects = blocked.length ? await afterBlock(deps, target, toEnd) : { subscriptionsEnding: 0, subscriptionsFailed: 0 };
  return { message: "User Blocked", accused: target, ...effects };
}
