import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Role, socketTickets } from "../../db/schema";
import { SIGNED_OUT_MESSAGE } from "../accounts/accounts";
import { randomSecret, sha256Base64url } from "../accounts/tokens";
import { fail } from "../platform/domain-error";

/** Long enough to fetch a ticket and open the socket on a slow phone; short enough that a logged one is useless. */
export const SOCKET_TICKET_TTL_MS = 30 * 1000;

/** Who a consumed ticket says the socket is: the account and its sign-in (refresh-session family). */
export type TicketHolder = { role: Role; userId: string; familyId: string };

/**
 * A single-use ticket that opens one realtime socket within 30 s (ADR 0020), for the sign-in that
 * issued the access token `sessionId` belongs to. 256 random bits; only their SHA-256 is stored.
 */
export async function issueSocketTicket(db: Db, caller: { role: Role; sub: string; sid: string }, now: Date) {
  const ticket = randomSecret(32);
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_TTL_MS);
  // One statement: the family is copied from the caller's own session row, or nothing is written.
  const inserted = await db.run(sql`insert into socket_tickets (ticket_hash, user_role, user_id, family_id, expires_at)
    select ${await sha256Base64url(ticket)}, user_role, user_id, family_id, ${expiresAt.getTime()} from refresh_sessions
    where id = ${caller.sid} and user_role = ${caller.role} and user_id = ${caller.sub}`);
  if (inserted.rowsAffected === 0) fail("UNAUTHORIZED", SIGNED_OUT_MESSAGE);
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a ticket up: one delete of a live ticket that returns who it was for, so of any number of
 * sockets presenting the same ticket at once exactly one gets it. Null for an unknown, used or
 * expired ticket.
 */
export async function consumeSocketTicket(db: Db, ticket: string, now: Date): Promise<TicketHolder | null> {
  const [holder] = await db
    .delete(socketTickets)
    .where(and(eq(socketTickets.ticketHash, await sha256Base64url(ticket)), gt(socketTickets.expiresAt, now)))
    .returning({ role: socketTickets.userRole, userId: socketTickets.userId, familyId: socketTickets.familyId });
  return holder ?? null;
}

/** The cron's clean-up: tickets nobody used within their 30 s. */
export function pruneSocketTickets(db: Db, now: number) {
  return db.delete(socketTickets).where(lte(socketTickets.expiresAt, new Date(now)));
}
