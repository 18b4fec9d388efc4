import { createTRPCClient, httpLink } from "@trpc/client";
import { mentorAvailability } from "../../db/schema";
import type { AppRouter } from "../../worker/trpc/router";
import { testDb } from "./accounts";
import { baseUrl } from "./api";
import { call } from "./scheduling";

/** Helpers of the waitlist, standing-session and agenda tests (ADR 0023). */

/** A typed tRPC client signed in as `token` whose requests happen at `now` (the `x-mentorlink-now` header). */
export function trpcAt(token: string, now: Date) {
  const headers = { authorization: `Bearer ${token}`, "x-mentorlink-now": now.toISOString() };
  return createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl()}/trpc`, headers: () => headers })] });
}

/** Sets the mentor's booking rules directly (the defaults otherwise: 12 hours notice, no buffer, no cap). */
export async function setRules(
  mentorId: string,
  rules: { noticeMinutes?: number; bufferMinutes?: number; dailyCap?: number | null },
  zone = "Asia/Kolkata",
) {
  const values = { noticeMinutes: 720, bufferMinutes: 0, dailyCap: null, ...rules };
  await testDb()
    .insert(mentorAvailability)
    .values({ mentorId, timeZone: zone, weeklyHours: [], updatedAt: new Date(), ...values })
    .onConflictDoUpdate({ target: mentorAvailability.mentorId, set: values });
}

/** Runs the waitlist's cron job at `now`. */
export const passHolds = (now: Date) => call("POST", `/dev/cron/passWaitlistHolds?now=${now.getTime()}`);
