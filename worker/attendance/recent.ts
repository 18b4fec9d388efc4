import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { timeSlots } from "../../db/schema";
import type { Participant } from "../scheduling/booked-session";
import { slotQuery, slotView } from "../scheduling/slot-view";

const DAY = 24 * 60 * 60 * 1000;
/** The dashboard's recent sessions: settled in the last two weeks, newest first. */
export const RECENT_DAYS = 14;

/** A participant's settled sessions of the last two weeks, with their outcomes (ADR 0026). */
export async function recentSessions(db: Db, who: Participant, now: Date) {
  const mine = who.role === "mentor" ? eq(timeSlots.mentorId, who.id) : eq(timeSlots.menteeId, who.id);
  const rows = await slotQuery(db)
    .where(
      and(
        mine,
        eq(timeSlots.state, "booked"),
        isNotNull(timeSlots.outcome),
        gte(timeSlots.startAt, new Date(now.getTime() - RECENT_DAYS * DAY)),
      ),
    )
    .orderBy(desc(timeSlots.startAt))
    .limit(20);
  return rows.map((r) => slotView(r, now));
}
