import { and, eq } from "drizzle-orm";
import { timeSlots } from "../../db/schema";

/**
 * A conditional write's guard that the slot still holds the booking it read: booked, by this mentee, at this instant.
 * A slot freed and booked again (even by the same mentee) has another `bookedAt`, so a write meant for the old booking
 * changes nothing.
 */
export const stillBooked = (menteeId: string, bookedAt: Date) =>
  and(eq(timeSlots.state, "booked"), eq(timeSlots.menteeId, menteeId), eq(timeSlots.bookedAt, bookedAt));
