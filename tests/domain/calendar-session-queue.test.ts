import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarConnections, calendarSessionEvents, calendarSources } from "../../db/schema";
import { writeSessionEvent } from "../../worker/calendars/sync/session-events";
import {
  type Account,
  calendarQueueMessages,
  callerAt,
  domainDb,
  domainMentee,
  domainMentor,
  domainSlot,
  domainSubscribe,
  useDomainDb,
} from "../support/domain";

/**
 * A booking change queues work for the mentor's own calendar (ADR 0040) only when he has a calendar for sessions:
 * the mark in the change's batch decides, and most mentors (no calendar connected) cost no queue message. Called in
 * Node on a database of this file's own; the writing itself against a real CalDAV server is in
 * tests/integration/calendar-sync.test.ts.
 */
useDomainDb();

const HOUR = 60 * 60 * 1000;
const hourAligned = (at = Date.now()) => new Date(Math.floor(at / HOUR) * HOUR);

/** A connected account whose one calendar takes new sessions (no provider is called here: nothing is written). */
async function giveSessionCalendar(mentorId: string) {
  const [connection] = await domainDb()
    .insert(calendarConnections)
    .values({ mentorId, provider: "caldav", accountLabel: `work ${mentorId}`, credentials: "sealed", createdAt: new Date() })
    .returning();
  await domainDb().insert(calendarSources).values({
    connectionId: connection!.id,
    mentorId,
    remoteId: "https://dav.example.com/work/",
    name: "work",
    writable: true,
    writesSessions: true,
    createdAt: new Date(),
  });
}

async function publishOne(mentor: Account, start: Date, now: Date): Promise<string> {
  const [slot] = await callerAt(mentor, now).scheduling.publish({ slotDetails: { start: start.toISOString() } } as never);
  return slot.id;
}

/** The calendar messages queued for this booking (the queue is shared by the files of a worker: filtered by booking). */
const queuedFor = (bookingId: string) =>
  calendarQueueMessages.filter((m) => (m as { bookingId?: string }).bookingId === bookingId).map((m) => (m as { kind: string }).kind);
const markOf = async (bookingId: string) =>
  (await domainDb().select().from(calendarSessionEvents).where(eq(calendarSessionEvents.bookingId, bookingId)))[0];

async function pairAt(now: Date, withCalendar: boolean) {
  const m = await domainMentor();
  if (withCalendar) await giveSessionCalendar(m.id);
  const me = await domainMentee();
  await domainSubscribe(me.id, m.id, now);
  const slots = [];
  for (let i = 0; i < 3; i++) slots.push(await publishOne(m, new Date(now.getTime() + (30 + 2 * i) * HOUR), now));
  return { m, me, slots };
}

describe("the calendar message of a booking change", () => {
  it("is not queued, nor marked, for a mentor without a calendar for sessions: book, move, cancel, his delete", async () => {
    const now = hourAligned();
    const { m, me, slots } = await pairAt(now, false);
    const mentee = callerAt(me, now);
    await mentee.scheduling.book({ slotId: slots[0]!, agenda: "" });
    const bookingId = (await domainSlot(slots[0]!))!.bookingId!;
    await mentee.scheduling.reschedule({ slotId: slots[0]!, toSlotId: slots[1]! });
    await mentee.scheduling.cancel({ slotId: slots[1]! });
    await mentee.scheduling.book({ slotId: slots[2]!, agenda: "" });
    const second = (await domainSlot(slots[2]!))!.bookingId!;
    await callerAt(m, now).scheduling.deleteSlot({ slotId: slots[2]! });

    expect(queuedFor(bookingId)).toEqual([]);
    expect(queuedFor(second)).toEqual([]);
    expect(await markOf(bookingId)).toBeUndefined();
    expect(await markOf(second)).toBeUndefined();
    // Had a message come anyway (the sweep, an old one), the consumer finds nothing to do.
    expect(await writeSessionEvent({ db: domainDb(), env: {} as never, now }, bookingId)).toBe("nothing");
  });

  it("is queued once per change for a mentor who writes sessions to his calendar, and each raises the mark", async () => {
    const now = hourAligned();
    const { m, me, slots } = await pairAt(now, true);
    const mentee = callerAt(me, now);
    await mentee.scheduling.book({ slotId: slots[0]!, agenda: "" });
    const bookingId = (await domainSlot(slots[0]!))!.bookingId!;
    expect(queuedFor(bookingId)).toEqual(["calendar-session"]);
    expect(await markOf(bookingId)).toMatchObject({ version: 1, writtenVersion: 0 });

    await mentee.scheduling.reschedule({ slotId: slots[0]!, toSlotId: slots[1]! });
    await mentee.scheduling.cancel({ slotId: slots[1]! });
    expect(queuedFor(bookingId)).toEqual(["calendar-session", "calendar-session", "calendar-session"]);
    expect(await markOf(bookingId)).toMatchObject({ version: 3 });

    await mentee.scheduling.book({ slotId: slots[2]!, agenda: "" });
    const second = (await domainSlot(slots[2]!))!.bookingId!;
    await callerAt(m, now).scheduling.deleteSlot({ slotId: slots[2]! });
    expect(queuedFor(second)).toEqual(["calendar-session", "calendar-session"]);
  });

  it("is still queued when he dropped his calendar after an event was written: the old event has to go", async () => {
    const now = hourAligned();
    const { me, slots } = await pairAt(now, true);
    const mentee = callerAt(me, now);
    await mentee.scheduling.book({ slotId: slots[0]!, agenda: "" });
    const bookingId = (await domainSlot(slots[0]!))!.bookingId!;
    await domainDb()
      .update(calendarSources)
      .set({ writesSessions: false })
      .where(eq(calendarSources.mentorId, (await domainSlot(slots[0]!))!.mentorId));
    await mentee.scheduling.cancel({ slotId: slots[0]! });
    expect(queuedFor(bookingId)).toEqual(["calendar-session", "calendar-session"]);
  });
});
