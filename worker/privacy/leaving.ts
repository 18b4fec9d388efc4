import { sql } from "drizzle-orm";
import { timeSlots } from "../../db/schema";

/**
 * In SQL, for a booking's own statement: neither the mentee nor the slot's mentor is leaving. A booking racing a
 * deletion either commits first (the deletion then finds and cancels it) or matches nothing (ADR 0042).
 */
export const nobodyLeaving = (menteeId: string) =>
  sql`not exists (select 1 from account_deletions d where d.state in ('pending', 'paused') and ((d.user_role = 'mentee' and d.user_id = ${menteeId}) or (d.user_role = 'mentor' and d.user_id = ${timeSlots.mentorId})))`;
