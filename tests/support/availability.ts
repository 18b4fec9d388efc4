import { createTRPCClient, httpLink } from "@trpc/client";
import { and, asc, eq, ne } from "drizzle-orm";
import { timeSlots } from "../../db/schema";
import { zonedInstant } from "../../shared/zoned-time";
import type { AppRouter } from "../../worker/trpc/router";
import { testDb } from "./accounts";
import { baseUrl } from "./api";
import { DAY } from "./scheduling";

/** Helpers of the weekly hours, booking rules and time off tests (ADR 0023). */

/** A typed tRPC client signed in with `token`, its requests at `now` (the `x-mentorlink-now` clock) when given. */
export function trpcAt(token: string, now?: Date) {
  const headers = { authorization: `Bearer ${token}`, ...(now ? { "x-mentorlink-now": now.toISOString() } : {}) };
  return createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl()}/trpc`, headers: () => headers })] });
}

/** The instant of a wall-clock time `days` calendar days after `from`'s day in the zone. */
export function wallTime(from: Date, days: number, time: string, zone: string): Date {
  const day = new Date(from.getTime() + days * DAY).toLocaleDateString("en-CA", { timeZone: zone });
  return zonedInstant(day, time, zone);
}

/** The "YYYY-MM-DD" in the zone, `days` after `from`. */
export const dayIn = (from: Date, days: number, zone: string) =>
  new Date(from.getTime() + days * DAY).toLocaleDateString("en-CA", { timeZone: zone });

/** The weekday (0 Sunday) in the zone, `days` after `from`. */
export const weekdayIn = (from: Date, days: number, zone: string) => new Date(`${dayIn(from, days, zone)}T00:00:00Z`).getUTCDay();

/** The mentor's live (not deleted) slots, soonest first. */
export const liveSlots = (mentorId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.mentorId, mentorId), ne(timeSlots.state, "deleted")))
    .orderBy(asc(timeSlots.startAt));

/** The mentor's open slots generated from weekly hours, soonest first. */
export const generatedSlots = (mentorId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.source, "hours"), eq(timeSlots.state, "open")))
    .orderBy(asc(timeSlots.startAt));
