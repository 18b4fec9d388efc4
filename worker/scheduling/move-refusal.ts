import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, timeSlots } from "../../db/schema";
import { mentorZoneOrDefault } from "../../shared/zoned-time";
import { grantsAccess } from "../payments/enrollment-status";
import type { DomainErrorCode } from "../platform/domain-error";
import { CANCEL_WINDOW_MS, SLOT_TAKEN } from "./booking";
import { ruleRefusal } from "./booking-rules";
import { readSlot } from "./slot-view";

export const MOVE_WINDOW_TEXT = "Bookings can be moved up to 12 hours before the start. Please message your mentor instead.";

/**
 * Why a move of the mentee's booking on `slotId` to `toSlotId` matched nothing (read after the batch,
 * like a booking's refusal), in the order a person would want to hear it; null when nothing stands in
 * the way any more (the booking or the target changed in between, and the move may be tried again).
 */
export async function moveRefusal(
  db: Db,
  menteeId: string,
  slotId: string,
  toSlotId: string,
  now: Date,
): Promise<{ code: DomainErrorCode; message: string } | null> {
  const [source, target] = await Promise.all([readSlot(db, slotId), readSlot(db, toSlotId)]);
  if (!source || source.slot.state === "deleted") return { code: "NOT_FOUND", message: "This booking does not exist." };
  const from = source.slot;
  if (from.state !== "booked" || from.menteeId !== menteeId) return { code: "FORBIDDEN", message: "You can only move your own bookings." };
  if (from.startAt.getTime() <= now.getTime()) return { code: "CONFLICT", message: "This session has already started." };
  if (!from.rescheduleRequestedAt && from.startAt.getTime() <= now.getTime() + CANCEL_WINDOW_MS)
    return { code: "CONFLICT", message: MOVE_WINDOW_TEXT };
  if (!target || target.slot.state === "deleted") return { code: "NOT_FOUND", message: "This slot is no longer available." };
  const to = target.slot;
  if (to.mentorId !== from.mentorId) return { code: "BAD_REQUEST", message: "A booking can only move to another time of the same mentor." };
  if (to.state === "booked")
    return { code: "CONFLICT", message: to.menteeId === menteeId ? "You have already booked this slot." : SLOT_TAKEN };
  if (to.startAt.getTime() <= now.getTime()) return { code: "BAD_REQUEST", message: "This slot has already started. Choose a later one." };
  const ruled = await ruleRefusal(db, to, mentorZoneOrDefault(target.mentorZone), menteeId, now, from.id);
  if (ruled) return { code: "CONFLICT", message: ruled };
  if (from.type === "session") {
    const [enrollment] = await db
      .select({ end: enrollments.currentPeriodEnd })
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, from.mentorId), grantsAccess(now)));
    if (!enrollment)
      return { code: "FORBIDDEN", message: "Your subscription to this mentor has ended, so this session can only be cancelled." };
    if (enrollment.end && to.startAt.getTime() >= enrollment.end.getTime()) {
      return {
        code: "CONFLICT",
        message: `This time is after your current period ends (${enrollment.end.toISOString().slice(0, 10)}). Choose a time before then.`,
      };
    }
  }
  const clash = await db.query.timeSlots.findFirst({
    where: and(
      eq(timeSlots.menteeId, menteeId),
      eq(timeSlots.state, "booked"),
      ne(timeSlots.id, from.id),
      lt(timeSlots.startAt, to.endAt),
      gt(timeSlots.endAt, to.startAt),
    ),
    columns: { id: true },
  });
  if (clash) return { code: "CONFLICT", message: "You already have a session at this time." };
  return null;
}
