import { and, eq, gt } from "drizzle-orm";
import { timeSlots } from "../../db/schema";
import { formatWhen, mentorZoneOrDefault } from "../../shared/zoned-time";
import { commitWithNotice } from "../notifications/commit-with-notice";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { readSlot } from "./slot-view";

export const NO_SUCH_BOOKING = "There is no booking of yours with this id.";
export const AGENDA_CLOSED = "This session has started: its agenda can no longer be changed.";

/**
 * The mentee adds, changes or removes the agenda of her booked session (ADR 0026) until it starts.
 * One conditional update (hers, still booked, not started) with the mentor's notice in the same batch;
 * the push follows the commit. Saving the same words again changes nothing and tells nobody.
 */
export async function setAgenda(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  menteeId: string,
  slotId: string,
  text: string,
) {
  const { db, now } = deps;
  const agenda = text.trim() || null;
  const row = await readSlot(db, slotId);
  if (row?.slot.state !== "booked" || row.slot.menteeId !== menteeId) fail("NOT_FOUND", NO_SUCH_BOOKING);
  if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", AGENDA_CLOSED);
  if ((row.slot.agenda ?? null) === agenda) return { slotId, agenda, message: "Agenda saved" };
  const when = formatWhen(row.slot.startAt, mentorZoneOrDefault(row.mentorZone));
  const who = `${row.menteeFirst ?? "Your mentee"} ${row.menteeLast ?? ""}`.trim();
  const content = agenda
    ? `${who} updated the agenda of the session on ${when}: ${agenda}`
    : `${who} removed the agenda of the session on ${when}.`;
  const changed = await commitWithNotice(
    deps,
    db
      .update(timeSlots)
      .set({ agenda })
      .where(and(eq(timeSlots.id, slotId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"), gt(timeSlots.startAt, now)))
      .returning({ id: timeSlots.id }),
    { to: { role: "mentor", id: row.slot.mentorId }, kind: "booking", content },
  );
  // Between the read and the write it started, moved or was cancelled.
  if (!changed.length) fail("CONFLICT", "This booking changed meanwhile: reload your booked slots and try again.");
  return { slotId, agenda, message: agenda ? "Agenda saved" : "Agenda removed" };
}
