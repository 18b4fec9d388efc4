import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BookingRules, offeredUnderRules, rulesOf } from "./booking-rules";
import type { SlotRow } from "./slot-view";

const DAY = 24 * 60 * 60 * 1000;

/** What the mentor's rules need to judge his open slots in a window (ADR 0023): the rules, his booked sessions, his time off and busy time. */
export type RuleContext = {
  rules: BookingRules;
  booked: { id: string; startAt: Date; endAt: Date }[];
  timeOff: { startAt: Date; endAt: Date }[];
  /** His connected calendars' busy time (the mirror, ADR 0040). */
  busy: { startAt: Date; endAt: Date }[];
  zone: string;
};

/**
 * The mentor's rules with his booked sessions and time off around [from, to), the booked ones and the
 * time off read in ONE query (a day's margin either side covers the buffer and his daily cap).
 */
export async function ruleContext(db: Db, mentorId: string, zone: string, from: Date, to: Date): Promise<RuleContext> {
  const [rules, rows] = await Promise.all([
    rulesOf(db, mentorId),
    db.all<{ kind: "booked" | "off" | "busy"; id: string; startAt: number; endAt: number }>(sql`
      select 'booked' as kind, id, start_at as startAt, end_at as endAt from time_slots
        where mentor_id = ${mentorId} and state = 'booked' and start_at < ${to.getTime() + DAY} and end_at > ${from.getTime() - DAY}
      union all
      select 'off' as kind, id, start_at as startAt, end_at as endAt from time_off
        where mentor_id = ${mentorId} and start_at < ${to.getTime()} and end_at > ${from.getTime()}
      union all
      select 'busy' as kind, id, start_at as startAt, end_at as endAt from calendar_busy
        where mentor_id = ${mentorId} and start_at < ${to.getTime()} and end_at > ${from.getTime()}`),
  ]);
  const at = (r: { id: string; startAt: number; endAt: number }) => ({
    id: r.id,
    startAt: new Date(Number(r.startAt)),
    endAt: new Date(Number(r.endAt)),
  });
  return {
    rules,
    zone,
    booked: rows.filter((r) => r.kind === "booked").map(at),
    timeOff: rows.filter((r) => r.kind === "off").map(at),
    busy: rows.filter((r) => r.kind === "busy").map(at),
  };
}

/** The open slots (rows of slotQuery) this mentee could book now under the mentor's rules (her quota is shown apart). */
export function bookableUnderRules(rows: SlotRow[], context: RuleContext, menteeId: string, now: Date): SlotRow[] {
  return rows.filter(
    (r) =>
      r.slot.state === "open" &&
      offeredUnderRules(r.slot, context.rules, context.booked, context.timeOff, context.zone, menteeId, now, context.busy),
  );
}
