import type { RouterOutputs } from "@/lib/api-types";

/** What the booking screens read from the scheduling procedures (issue 22), named once. */
export type MentorScheduleData = RouterOutputs["scheduling"]["mentorSchedule"];
export type OpenSlot = MentorScheduleData["timeSlots"][number];
export type Booking = RouterOutputs["scheduling"]["myBookings"]["upcoming"][number];
export type StandingResult = RouterOutputs["scheduling"]["bookStanding"];
export type HistoryEvent = RouterOutputs["scheduling"]["bookingHistory"][number];

/** Slots held for her by the waitlist: by slot id, with the hold's end when the server gives it. */
export type Holds = Map<string, string | null>;

export function holdsOf(held: ReadonlyArray<string | { slotId: string; until?: string | null }> | undefined): Holds {
  return new Map((held ?? []).map((h) => (typeof h === "string" ? [h, null] : [h.slotId, h.until ?? null])));
}
