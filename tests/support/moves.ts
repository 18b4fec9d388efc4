import { createTRPCClient, httpLink } from "@trpc/client";
import { and, eq } from "drizzle-orm";
import { bookingEvents, emailOutbox, notifications, timeSlots } from "../../db/schema";
import type { AppRouter } from "../../worker/trpc/router";
import { testDb } from "./accounts";
import { baseUrl, trpcOutcome } from "./api";
import { book, mentee, mentor, publishOne, subscribe } from "./scheduling";

/** Helpers of the reschedule tests (ADR 0023): a tRPC client at a chosen instant, a booked pair, and what the database holds. */

export function trpcAt(token: string, now?: Date) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(now ? { "x-mentorlink-now": now.toISOString() } : {}) };
  return createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl()}/trpc`, headers: () => headers })] });
}

export const move = (token: string, slotId: string, toSlotId: string, now?: Date) =>
  trpcOutcome(trpcAt(token, now).scheduling.reschedule.mutate({ slotId, toSlotId }));
export const ask = (token: string, slotId: string, message: string, now?: Date) =>
  trpcOutcome(trpcAt(token, now).scheduling.askReschedule.mutate({ slotId, message }));
export const removeSlot = (token: string, slotId: string, now?: Date, reason?: string) =>
  trpcOutcome(trpcAt(token, now).scheduling.deleteSlot.mutate({ slotId, reason }));
export const callsLeft = async (token: string, mentorId: string, now?: Date) =>
  (await trpcAt(token, now).scheduling.mentorSchedule.query({ mentorId })).callsLeft;

/** A mentor, a subscribed mentee, and her booking on a slot `hours` ahead of `now` (REST booking, as the SPA and SPEC §7 do). */
export async function bookedPair(hours: number[], now = new Date()) {
  const m = await mentor();
  const me = await mentee();
  await subscribe(me.id, m.id, now);
  const at = (h: number) => new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + h * 3_600_000);
  const slots: string[] = [];
  for (const h of hours) slots.push(await publishOne(m.token, at(h), now));
  return { m, me, slots, at };
}

export async function bookOk(token: string, slotId: string, now?: Date) {
  const r = await book(token, slotId, now);
  if (r.status !== 201) throw new Error(`booking failed: ${r.status} ${JSON.stringify(r.body)}`);
}

export const row = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];
export const eventsOf = (bookingId: string) => testDb().select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
export const noticesOf = (role: "mentee" | "mentor", id: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientRole, role), eq(notifications.recipientId, id)));
/** The words of every bell entry a person has, oldest first as stored. */
export const noticeTextsOf = async (role: "mentee" | "mentor", id: string) => (await noticesOf(role, id)).map((n) => n.content);
export const mailTo = (to: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));
export { mentee, mentor, publishOne, subscribe };
