import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { timeSlots } from "../../db/schema";
import type { Participant } from "../scheduling/booked-session";
import { slotQuery, slotView } from "../scheduling/slot-view";
import { RECORD_DAYS } from "./records";

const DAY = 24 * 60 * 60 * 1000;
/** The dashboard's recent sessions: settled in the last two weeks, newest first. */
export const RECENT_DAYS = 14;

/** A participant's settled sessions of the last `days` (two weeks unless told), newest first, with their outcomes (ADR 0026). */
export async function recentSessions(db: Db, who: Participant, now: Date, days = RECENT_DAYS, limit = 20) {
  const mine = who.role === "mentor" ? eq(timeSlots.mentorId, who.id) : eq(timeSlots.menteeId, who.id);
  const rows = await slotQuery(db)
    .where(
      and(mine, eq(timeSlots.state, "booked"), isNotNull(timeSlots.outcome), gte(timeSlots.startAt, new Date(now.getTime() - days * DAY))),
    )
    .orderBy(desc(timeSlots.startAt))
    .limit(limit);
  return rows.map((r) => slotView(r, now));
}

/** How many of a person's sessions a moderator's History shows: the record's window, newest first. */
export const HISTORY_LIMIT = 50;

/**
 * A person's settled sessions over the moderators' record window (90 days, the flags' own), for a
 * moderator checking a no-show flag before Block: the same read as a participant's recent sessions.
 */
export function sessionHistory(db: Db, who: Participant, now: Date) {
  return recentSessions(db, who, now, RECORD_DAYS, HISTORY_LIMIT);
}
