import { eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { auditInsert } from "../moderation/audit";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { type ExportStatus, requestExport } from "./data-export";

export const EXPORT_BY_TICKET_MESSAGES = {
  noTicket: "No such ticket.",
  notAPerson: "Only a mentee or mentor who filed the ticket can be sent a copy of their data.",
} as const;

/**
 * A person who cannot use her settings asks by ticket (ADR 0039): the moderator has a copy prepared for the person who
 * filed that ticket, and only for her. The archive goes to her as always (the bell, her mail, a link that works only
 * signed in as her); the moderator never sees it. Each such act is in the audit log with the ticket.
 */
export async function produceExportForTicket(
  deps: Pick<ServiceDeps, "db" | "env" | "now">,
  moderatorId: string,
  ticketId: string,
  origin: string,
): Promise<ExportStatus> {
  const [ticket] = await deps.db
    .select({ role: tickets.reporterRole, id: tickets.reporterId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) fail("NOT_FOUND", EXPORT_BY_TICKET_MESSAGES.noTicket);
  if (ticket.role !== "mentee" && ticket.role !== "mentor") fail("BAD_REQUEST", EXPORT_BY_TICKET_MESSAGES.notAPerson);
  const status = await requestExport(deps, { role: ticket.role, id: ticket.id }, origin);
  await auditInsert(deps.db, {
    moderatorId,
    action: "produce_data_export",
    targetRole: ticket.role,
    targetId: ticket.id,
    ticketId,
    details: { exportId: status.id },
  });
  return status;
}
