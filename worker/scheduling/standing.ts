import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments, timeSlots } from "../../db/schema";
import { CALLS_PER_MONTH } from "../../shared/plan";
import { dayjs, inZone, mentorZoneOrDefault, zonedInstant } from "../../shared/zoned-time";
import { grantsAccess } from "../payments/enrollment-status";
import type { ServiceDeps } from "../platform/deps";
import { DomainError, fail } from "../platform/domain-error";
import { ruleContext } from "./bookable";
import { bookSlot, SLOT_TAKEN } from "./booking";
import { offeredUnderRules, ruleRefusal } from "./booking-rules";
import { bookedThisPeriod, callsLeftOf } from "./calls-left";
import { readSlot, type SlotRow, type SlotView, slotQuery } from "./slot-view";

/**
 * A standing session (ADR 0023): "the same time every week for the rest of her period". From the chosen
 * slot, every 7 days at the same wall time in the MENTOR's zone (so it stays his 18:00 across a DST
 * change) up to the end of her current period. Each week is booked by `bookSlot` itself, its own single
 * statement (all-or-nothing per week, the quota enforced inside it, so a race cannot exceed it).
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Without a period end (an old row), a standing session reaches this far. */
const DEFAULT_REACH = 5 * 7 * DAY;

export const NO_SLOT = "The mentor has no slot at this time that week.";
export const TAKEN = "This time is already taken.";
export const ALREADY_YOURS = "You have already booked this time.";
export const QUOTA_USED = `All ${CALLS_PER_MONTH} calls of this period used.`;
const CLASH = "You already have a session at this time.";

export type StandingWeek = { start: string; slotId: string | null; bookable: boolean; reason: string | null };
type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">;

/** The weekly starts from `first` (same wall time in `zone`) before `end`; the first always included. */
export function weeklyStarts(first: Date, zone: string, end: Date): Date[] {
  const local = inZone(first, zone);
  const date = local.format("YYYY-MM-DD");
  const time = local.format("HH:mm");
  const starts = [first];
  for (let week = 1; week < 60; week++) {
    const next = zonedInstant(
      dayjs
        .utc(date)
        .add(week * 7, "day")
        .format("YYYY-MM-DD"),
      time,
      zone,
    );
    if (next.getTime() >= end.getTime()) break;
    starts.push(next);
  }
  return starts;
}

/** The chosen slot, her subscription, and each week's start with the mentor's live slot starting then (if any). */
async function standingPlan(db: Db, menteeId: string, slotId: string, now: Date) {
  const chosen = await readSlot(db, slotId);
  if (!chosen || chosen.slot.state === "deleted") fail("NOT_FOUND", "This slot is no longer available.");
  const mentorId = chosen.slot.mentorId;
  const [enrollment] = await db
    .select({ end: enrollments.currentPeriodEnd, booked: sql<number>`${bookedThisPeriod(menteeId)}` })
    .from(enrollments)
    .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId), grantsAccess(now)));
  if (!enrollment) fail("FORBIDDEN", "Subscribe to this mentor to book the same time every week.");
  const zone = mentorZoneOrDefault(chosen.mentorZone);
  const end = enrollment.end ?? new Date(now.getTime() + DEFAULT_REACH);
  const starts = weeklyStarts(chosen.slot.startAt, zone, end);
  const rows = await slotQuery(db).where(
    and(eq(timeSlots.mentorId, mentorId), ne(timeSlots.state, "deleted"), inArray(timeSlots.startAt, starts)),
  );
  const at = new Map(rows.map((r) => [r.slot.startAt.getTime(), r]));
  return {
    mentorId,
    zone,
    callsLeft: callsLeftOf(enrollment.booked),
    weeks: starts.map((start) => ({ start, row: at.get(start.getTime()) })),
  };
}

/** Why a week's slot (already found) is not hers to book, before the quota; null when it is. */
function takenReason(row: SlotRow, menteeId: string): string | null {
  if (row.slot.state === "booked") return row.slot.menteeId === menteeId ? ALREADY_YOURS : TAKEN;
  return null;
}

/** What a standing session from this slot would book, week by week, and why each other week would not be. */
export async function previewStanding(db: Db, menteeId: string, slotId: string, now: Date): Promise<{ weeks: StandingWeek[] }> {
  const plan = await standingPlan(db, menteeId, slotId, now);
  const last = plan.weeks[plan.weeks.length - 1]!.start;
  const [context, mine] = await Promise.all([
    ruleContext(db, plan.mentorId, plan.zone, now, new Date(last.getTime() + HOUR)),
    db
      .select({ startAt: timeSlots.startAt, endAt: timeSlots.endAt })
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.menteeId, menteeId),
          eq(timeSlots.state, "booked"),
          gt(timeSlots.endAt, plan.weeks[0]!.start),
          lt(timeSlots.startAt, new Date(last.getTime() + HOUR)),
        ),
      ),
  ]);
  let callsLeft = plan.callsLeft;
  const weeks: StandingWeek[] = [];
  for (const { start, row } of plan.weeks) {
    const week = (reason: string | null): StandingWeek => ({
      start: start.toISOString(),
      slotId: row?.slot.id ?? null,
      bookable: reason === null,
      reason,
    });
    if (!row) {
      weeks.push(week(NO_SLOT));
      continue;
    }
    const taken = takenReason(row, menteeId);
    if (taken) {
      weeks.push(week(taken));
      continue;
    }
    if (row.slot.startAt.getTime() <= now.getTime()) {
      weeks.push(week("This time has already started."));
      continue;
    }
    if (!offeredUnderRules(row.slot, context.rules, context.booked, context.timeOff, plan.zone, menteeId, now, context.busy)) {
      weeks.push(week((await ruleRefusal(db, row.slot, plan.zone, menteeId, now)) ?? "The mentor's booking rules do not allow this time."));
      continue;
    }
    if (mine.some((b) => b.startAt < row.slot.endAt && b.endAt > row.slot.startAt)) {
      weeks.push(week(CLASH));
      continue;
    }
    if (callsLeft <= 0) {
      weeks.push(week(QUOTA_USED));
      continue;
    }
    callsLeft--;
    weeks.push(week(null));
  }
  return { weeks };
}

/**
 * Books the same time every week for the rest of her period: each week by `bookSlot` (one statement
 * each, sessions only), in order, stopping once her calls are used. Returns what was booked and why
 * each other week was not.
 */
export async function bookStanding(
  deps: Deps,
  menteeId: string,
  slotId: string,
  agenda: string | null,
): Promise<{ booked: SlotView[]; skipped: { start: string; reason: string }[] }> {
  const plan = await standingPlan(deps.db, menteeId, slotId, deps.now);
  const booked: SlotView[] = [];
  const skipped: { start: string; reason: string }[] = [];
  let quotaUsed = plan.callsLeft <= 0;
  for (const { start, row } of plan.weeks) {
    const skip = (reason: string) => skipped.push({ start: start.toISOString(), reason });
    if (!row) {
      skip(NO_SLOT);
      continue;
    }
    const taken = takenReason(row, menteeId);
    if (taken) {
      skip(taken);
      continue;
    }
    if (quotaUsed) {
      skip(QUOTA_USED);
      continue;
    }
    try {
      booked.push((await bookSlot(deps, { menteeId, slotId: row.slot.id, type: "session", agenda })).view);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.details?.callsLeft === 0) {
        quotaUsed = true;
        skip(QUOTA_USED);
      } else skip(error.message === SLOT_TAKEN ? TAKEN : error.message);
    }
  }
  return { booked, skipped };
}
