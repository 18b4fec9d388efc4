import type { RouterOutputs } from "@/platform/api-types";

/** What the booking screens read from the scheduling procedures (ADR 0023), named once. */
export type MentorScheduleData = RouterOutputs["scheduling"]["mentorSchedule"];
export type OpenSlot = MentorScheduleData["timeSlots"][number];
export type Booking = RouterOutputs["scheduling"]["myBookings"]["upcoming"][number];
export type StandingResult = RouterOutputs["scheduling"]["bookStanding"];
export type HistoryEvent = RouterOutputs["scheduling"]["bookingHistory"][number];
export type CancelledBooking = RouterOutputs["scheduling"]["myBookings"]["cancelled"][number];

/** Slots held for her by the waitlist: by slot id, with the hold's end. */
export type Holds = Map<string, string | null>;

export function holdsOf(held: ReadonlyArray<{ slotId: string; until: string }> | undefined): Holds {
  return new Map((held ?? []).map((h) => [h.slotId, h.until]));
}
