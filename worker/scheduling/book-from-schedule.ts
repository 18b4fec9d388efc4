import type { ServiceDeps } from "../platform/deps";
import { type BookingRequest, bookSlot } from "./booking";
import type { SlotView } from "./slot-view";
import { leaveWaitlist } from "./waitlist";

// `origin`: the app's address the request reached, for the links its mails carry (the join link of a booking's calendar file).
type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now"> & { origin: string };

/**
 * Books a slot (bookSlot, its one statement unchanged) and, when the slot was held for her from the
 * waitlist, takes her off his waitlist after the booking committed: the earlier time she waited for is hers.
 */
export async function bookFromSchedule(deps: Deps, request: BookingRequest): Promise<SlotView> {
  // Whether the slot was held for her is read from the slot's row as the booking read it (no read of its own, ADR 0017).
  const { view, wasHeldForHer } = await bookSlot(deps, request);
  if (wasHeldForHer) await leaveWaitlist(deps.db, request.menteeId, view.mentorId);
  return view;
}
