import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";
import { moderators } from "./moderators";

/** A complaint raised by a mentee or mentor against the other side. */
export const tickets = sqliteTable(
  "tickets",
  {
    id: id(),
    reporterRole: role("reporter_role"),
    reporterId: text("reporter_id").notNull(),
    accusedRole: role("accused_role"),
    accusedId: text("accused_id").notNull(),
    content: text("content").notNull(),
    /** complaint: against a person (SPEC). attendance: a dispute of a session's outcome (ADR 0026), with its slot. */
    kind: text("kind", { enum: ["complaint", "attendance"] })
      .notNull()
      .default("complaint"),
    slotId: text("slot_id"),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    /** How a moderator closed it: the accused was blocked, or the ticket was dismissed with a note. */
    resolution: text("resolution", { enum: ["blocked", "dismissed", "outcome_kept", "outcome_changed"] }),
    resolutionNote: text("resolution_note"),
    resolvedBy: text("resolved_by").references(() => moderators.id),
    resolvedAt: instant("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("tickets_reporter_idx").on(t.reporterRole, t.reporterId),
    index("tickets_accused_idx").on(t.accusedRole, t.accusedId),
    index("tickets_status_idx").on(t.status, t.createdAt),
    index("tickets_resolved_by_idx").on(t.resolvedBy),
  ],
);
