import { type AnyColumn, and, eq, gte, isNull, sql } from "drizzle-orm";
import { livePresence, tickets, timeSlots } from "../../db/schema";
import { DISPUTE_WINDOW_MS, mayDispute, OUTCOME_NAMES, type SessionOutcome } from "../../shared/attendance";
import { formatWhen, mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { auditIfChanged } from "../moderation/audit";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import type { Recipient } from "../realtime/push";
import { bookedSessionRead, isParticipant, otherOf, type Participant } from "../scheduling/booked-session";

export const DISPUTE_CLOSED = "The 24 hours to dispute this session have passed.";
export const ALREADY_DISPUTED = "This session's outcome is already disputed: a moderator will look into it.";
export const IN_YOUR_FAVOUR = "This outcome went in your favour: there is nothing to dispute.";

/**
 * The recorded outcome as a dispute ticket names it: in the third person, as the moderator's evidence box under the
 * ticket does (src/moderation/attendance-dispute.tsx), so the moderator reads one outcome in one set of words and the
 * person who disputed reads the same words on their own ticket list.
 * @i18n words: the app shows them in the reader's language inside the ticket's sentence (the messages catalog).
 */
export const DISPUTED_OUTCOME_NAMES: Record<SessionOutcome, string> = {
  completed: "Completed",
  mentee_no_show: "Missed by the mentee",
  mentor_no_show: "Missed by the mentor",
  both_no_show: "Missed by both",
};

/**
 * One tap on "Dispute" (ADR 0026): within 24 hours of the outcome, either participant sends it with
 * what happened to the moderators' queue, as an attendance ticket about the other participant. Never
 * of an outcome in one's favour (the other's no-show): nothing was taken from them. A moderator's Block
 * on it falls on the party the record holds at fault (`attendanceBlockTarget`), never on the one who
 * came. Once per session (the slot's `disputed_at`, set by the same conditional batch as the ticket).
 */
export async function disputeOutcome(deps: Pick<ServiceDeps, "db" | "now">, who: Participant, slotId: string, what: string) {
  const { db, now } = deps;
  const [row] = await bookedSessionRead(db, slotId);
  if (!isParticipant(row, who)) fail("NOT_FOUND", "There is no session of yours with this id.");
  const { slot } = row;
  if (!slot.outcome || !slot.outcomeAt)
    fail("CONFLICT", "This session has not been settled yet: its outcome comes a few minutes after its end.");
  if (slot.disputedAt) fail("CONFLICT", ALREADY_DISPUTED);
  if (!mayDispute(slot.outcome, who.role)) fail("FORBIDDEN", IN_YOUR_FAVOUR);
  if (now.getTime() > slot.outcomeAt.getTime() + DISPUTE_WINDOW_MS) fail("CONFLICT", DISPUTE_CLOSED);
  const other = otherOf(row, who);
  const recorded = DISPUTED_OUTCOME_NAMES[slot.outcome];
  const when = formatWhen(slot.startAt, "UTC");
  const details = what || "No details given.";
  // Whole sentences, so the app can show them in the reader's language (the messages catalog); the values are words of that catalog too.
  const content =
    slot.type === "trial"
      ? `Attendance dispute about the intro call of ${when}, recorded as "${recorded}". ${details}`
      : `Attendance dispute about the session of ${when}, recorded as "${recorded}". ${details}`;
  const ticketId = crypto.randomUUID();
  const [marked] = await db.batch([
    db
      .update(timeSlots)
      .set({ disputedAt: now })
      .where(
        and(eq(timeSlots.id, slotId), isNull(timeSlots.disputedAt), gte(timeSlots.outcomeAt, new Date(now.getTime() - DISPUTE_WINDOW_MS))),
      )
      .returning({ id: timeSlots.id }),
    db.run(sql`insert into ${tickets} (id, reporter_role, reporter_id, accused_role, accused_id, content, status, kind, slot_id, created_at)
      select ${ticketId}, ${who.role}, ${who.id}, ${other.role}, ${other.id}, ${content}, 'open', 'attendance', ${slotId}, ${now.getTime()} where changes() = 1`),
  ]);
  if (!marked.length) fail("CONFLICT", ALREADY_DISPUTED);
  return { message: "Your dispute has been sent. A moderator will look into it and both of you will hear the outcome.", ticketId };
}

export type PresenceEvidence = { role: "mentee" | "mentor"; joinedAt: string; leftAt: string | null };

/**
 * What the room recorded for a disputed session, for the moderator deciding it: its stretches as one
 * JSON column of the queue's own read (so the page stays one round trip), earliest first.
 */
export const presenceJson = (slotId: AnyColumn) =>
  sql<string | null>`(select json_group_array(json_object('role', p.role, 'joinedAt', p.joined_at, 'leftAt', p.left_at))
    from (select role, joined_at, left_at from ${livePresence} p where p.slot_id = ${slotId} order by p.joined_at) p)`;

export function presenceFromJson(json: string | null): PresenceEvidence[] {
  if (!json) return [];
  const rows = JSON.parse(json) as { role: "mentee" | "mentor"; joinedAt: number; leftAt: number | null }[];
  return rows.map((r) => ({
    role: r.role,
    joinedAt: new Date(r.joinedAt).toISOString(),
    leftAt: r.leftAt === null ? null : new Date(r.leftAt).toISOString(),
  }));
}

/**
 * A moderator decides an attendance dispute: keeps the outcome or changes it (a change to or from
 * "missed by the mentor" moves the call back into, or out of, the mentee's quota, which counts from
 * the outcome). The ticket, the slot, the audit entry and both sides' notices commit together.
 */
export async function decideAttendanceDispute(
  deps: ServiceDeps,
  moderatorId: string,
  ticketId: string,
  outcome: SessionOutcome,
  note: string,
) {
  const { db, now } = deps;
  const ticket = await db.query.tickets.findFirst({ where: eq(tickets.id, ticketId) });
  if (ticket?.kind !== "attendance" || !ticket.slotId) fail("NOT_FOUND", "This attendance dispute was not found.");
  if (ticket.status !== "open") fail("CONFLICT", "This ticket has already been resolved.");
  const [row] = await bookedSessionRead(db, ticket.slotId);
  if (!row?.slot.outcome) fail("CONFLICT", "This session has no outcome to decide.");
  const changed = row.slot.outcome !== outcome;
  const name = OUTCOME_NAMES[outcome];
  const decision = (when: string) =>
    changed
      ? `A moderator decided the dispute about the session of ${when}: changed to "${name}". ${note}`
      : `A moderator decided the dispute about the session of ${when}: kept as "${name}". ${note}`;
  const tell = (to: Recipient, zone: string) => ({
    to,
    ...notificationWrite(db, to, { type: "alert", kind: "moderation", content: decision(formatWhen(row.slot.startAt, zone)) }, now, {
      ifPreviousChanged: true,
    }),
  });
  const notices = [
    tell({ role: "mentee", id: row.slot.menteeId! }, zoneOr(row.mentee.zone)),
    tell({ role: "mentor", id: row.slot.mentorId }, mentorZoneOrDefault(row.mentor.zone)),
  ];
  const [resolved] = await db.batch([
    db
      .update(tickets)
      .set({
        status: "resolved",
        resolution: changed ? "outcome_changed" : "outcome_kept",
        resolutionNote: note,
        resolvedBy: moderatorId,
        resolvedAt: now,
      })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "open")))
      .returning({ id: tickets.id }),
    auditIfChanged(
      db,
      {
        moderatorId,
        action: "settle_attendance",
        targetRole: ticket.accusedRole,
        targetId: ticket.accusedId,
        ticketId,
        reason: note,
        details: { slotId: ticket.slotId, from: row.slot.outcome, to: outcome },
      },
      now,
    ),
    db.run(sql`update ${timeSlots} set outcome = ${outcome}, outcome_at = ${now.getTime()} where id = ${ticket.slotId} and changes() = 1`),
    ...notices.map((n) => n.statement),
  ]);
  if (!resolved.length) fail("CONFLICT", "This ticket has already been resolved.");
  for (const n of notices) pushNotification(deps.env, deps.waitUntil, n.to, n.view);
  return { message: changed ? `Outcome changed to ${OUTCOME_NAMES[outcome]}` : "Outcome kept", outcome };
}
