import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant, role } from "./columns";

/**
 * A short-lived, single-use ticket that opens one realtime socket (ADR 0020), so the
 * access token never travels in a WebSocket URL. Only the SHA-256 of the ticket is kept; the
 * socket is tagged with the sign-in (`family_id`) it belongs to, so ending that sign-in closes it.
 */
export const socketTickets = sqliteTable(
  "socket_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    /** The refresh-session family (one sign-in) the socket belongs to. */
    familyId: text("family_id").notNull(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("socket_tickets_expires_idx").on(t.expiresAt)],
);
