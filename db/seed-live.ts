import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "./client";
import { timeSlots } from "./schema";

/** The demo agenda of the session running now: what the live page's agenda panel shows (ADR 0026). */
export const LIVE_DEMO_AGENDA =
  "Try the call: check your camera and microphone before joining, share your screen, and send a link in the call's chat.\nMy CV for feedback: https://example.com/priya-cv";

/**
 * The live page for the demo accounts: the demo pair's session running now (seeded by
 * seedDemoSlots so Go Live and Join session open a room at once) gets an agenda, shown on both live
 * pages. The pair's chat is already seeded (seedChatDemo), so the call's text panel has a history.
 * Idempotent: an agenda already written is kept.
 */
export async function seedLiveDemo(db: Db, menteeId: string, mentorId: string, now = Date.now()): Promise<void> {
  await db
    .update(timeSlots)
    .set({ agenda: LIVE_DEMO_AGENDA })
    .where(
      and(
        eq(timeSlots.mentorId, mentorId),
        eq(timeSlots.menteeId, menteeId),
        eq(timeSlots.state, "booked"),
        lte(timeSlots.startAt, new Date(now)),
        gt(timeSlots.endAt, new Date(now)),
        isNull(timeSlots.agenda),
      ),
    );
}
