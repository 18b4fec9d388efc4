import { eq } from "drizzle-orm";
import { timeSlots, type SlotType } from "../../../db/schema";
import type { ServiceDeps } from "../deps";
import { bookSlot } from "./booking";
import type { SlotView } from "./slot-view";
import { leaveWaitlist } from "./waitlist";

type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">;

/**
 * Books a slot (bookSlot, its one statement unchanged) and, when the slot was held for her from the
 * waitlist, takes her off his waitlist after the booking committed: the earlier time she waited for is hers.
 */
export async function bookFromSchedule(deps: Deps, menteeId: string, slotId: string, type: SlotType, agenda: string | null): Promise<SlotView> {
  // Started beside the booking's own reads, so they travel in one round trip (issue 25); it is the slot as it was before the booking.
  const holding = deps.db.select({ heldFor: timeSlots.heldFor, heldUntil: timeSlots.heldUntil }).from(timeSlots).where(eq(timeSlots.id, slotId)).limit(1);
  const booking = bookSlot(deps.db, deps.env, deps.waitUntil, menteeId, slotId, type, deps.now, agenda);
  const [[before], booked] = await Promise.all([holding, booking]);
  if (before?.heldFor === menteeId && before.heldUntil && before.heldUntil.getTime() > deps.now.getTime()) await leaveWaitlist(deps.db, menteeId, booked.mentorId);
  return booked;
}
