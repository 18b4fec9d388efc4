import type { SlotView } from "../scheduling/slot-view";
import { nameParts } from "./legacy-names";

/**
 * Time slots as the original client's two scheduler calendars, its booked-slots table and its slot details read
 * them (ADR 0036): `type` is the calendar state it colours and labels by, `mentorId` is the populated mentor, and
 * a booked slot's `menteeId` is the populated mentee. Only the calendar reads answer this shape: the lists they
 * come from hold the caller's own slots and bookings, or open slots, so a mentee never sees another mentee here.
 * The kind of call (`session` or `trial`) moves to `slotType`.
 */
export type CalendarType = "available" | "booked" | "completed";

type Slot = Pick<
  SlotView,
  "id" | "type" | "state" | "start" | "end" | "menteeId" | "menteeName" | "mentorId" | "mentorName" | "mentorProfileImage" | "title"
> &
  Partial<Pick<SlotView, "agenda">>;

/** Open slots are vacant (a past one nobody booked too); a booking is `booked` until its end, then `completed`. */
export function calendarType(slot: Pick<SlotView, "state" | "end">, now: Date): CalendarType {
  if (slot.state !== "booked") return "available";
  return Date.parse(slot.end) <= now.getTime() ? "completed" : "booked";
}

export function legacyCalendarSlot<T extends Slot>(slot: T, now: Date) {
  const { id, type, mentorId, menteeId, ...rest } = slot;
  return {
    _id: id,
    id,
    ...rest,
    type: calendarType(slot, now),
    slotType: type,
    mentorId: { _id: mentorId, ...nameParts(slot.mentorName), profileImageUrl: slot.mentorProfileImage },
    menteeId: menteeId ? { _id: menteeId, ...nameParts(slot.menteeName) } : null,
    /** The original server's name for the slot's title (its mentee calendar reads it). */
    mentorPreferences: slot.title,
  };
}

/**
 * The original booking form asks a topic and details (`values.menteeQueryTitle`, `values.menteeQueryDescription`);
 * a booking keeps one agenda: the topic on its first line, the details below, cut to the agenda's length.
 */
export function agendaFromLegacyValues(values: unknown, maxLength: number): string | undefined {
  if (!values || typeof values !== "object") return undefined;
  const { menteeQueryTitle, menteeQueryDescription } = values as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : "");
  const title = text(menteeQueryTitle).replace(/\n+/g, " ");
  const agenda = [title, text(menteeQueryDescription)].filter(Boolean).join("\n");
  return agenda ? agenda.slice(0, maxLength) : undefined;
}

/** The slot details behind a click on the mentor's calendar: the booking's topic and details read back from its agenda. */
export function legacySlotDetails<T extends Slot>(slot: T, now: Date) {
  const [title = "", ...details] = (slot.agenda ?? "").split("\n");
  return {
    ...legacyCalendarSlot(slot, now),
    menteeQueryTitle: title || null,
    menteeQueryDescription: details.join("\n") || null,
  };
}
