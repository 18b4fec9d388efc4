import type { myTickets } from "../tickets/tickets";
import { nameParts } from "./legacy-names";

/**
 * Tickets as the original client's tables read them (ADR 0036): the people as the original server populated
 * them, `complainant.{complainantId, complainantType}` and `accused.{accusedId, accusedType}`, kept beside our
 * own fields (`reporter`, `accused.name`, ...), which clients written against this API read.
 */

type Party = { id: string; role: string; name: string };

const populated = (p: Party) => ({ _id: p.id, ...nameParts(p.name) });

/** A reporter's own ticket (`listOfTickets`): whom it is about, populated. */
export function legacyOwnTicket(t: Awaited<ReturnType<typeof myTickets>>[number]) {
  return {
    _id: t.id,
    ...t,
    accused: { ...t.accused, accusedId: populated(t.accused), accusedType: t.accused.role },
  };
}

/** A ticket of the moderator's queue (`responseFromDb`): who raised it and whom it is about, populated. */
export function legacyQueueTicket<T extends { id: string; reporter: Party; accused: Party }>(t: T) {
  return {
    _id: t.id,
    ...t,
    complainant: { complainantId: populated(t.reporter), complainantType: t.reporter.role },
    accused: { ...t.accused, accusedId: populated(t.accused), accusedType: t.accused.role },
  };
}
