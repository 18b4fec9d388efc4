import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, notifications, waitlistEntries } from "../../db/schema";
import { HOLD_MINUTES } from "../../worker/scheduling/waitlist";
import { testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { cancel, HOUR, mentee, mentor, publishOne, slotRow, subscribe } from "../support/scheduling";
import { passHolds, trpcAt } from "../support/waitlist";

/** "Tell me if an earlier time opens": the waitlist, its 15-minute holds and the cron that passes them on. */

const MINUTE = 60 * 1000;
const OFFER = /^An earlier time opened with .+: .+\. It is held for you for 15 minutes\.$/;

/**
 * Her bell's notices, but for a missed session: this file's sessions are in 2025 (its own clock), so another file's
 * settling run on the shared database (at today's date) may mark them missed by both meanwhile; that is not the waitlist's.
 */
const noticesOf = async (menteeId: string) =>
  (
    await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentee"), eq(notifications.recipientId, menteeId)))
  )
    .filter((n) => !n.content.startsWith("Nobody joined your session"))
    .map((n) => n.content);
const entryOf = async (menteeId: string, mentorId: string) =>
  (
    await testDb()
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.menteeId, menteeId), eq(waitlistEntries.mentorId, mentorId)))
  )[0];

/** The waitlist is offered a freed slot after the freeing change's answer (ADR 0017): waits until the slot is held for someone. */
const heldOnceOffered = (slotId: string) =>
  vi.waitFor(
    async () => {
      if (!(await slotRow(slotId)).heldFor) throw new Error(`${slotId} is not held yet`);
    },
    { timeout: 5_000, interval: 25 },
  );

/** A mentor, and `count` subscribed mentees (each with a client at `now`). */
async function cast(now: Date, count: number) {
  const m = await mentor();
  const people = [];
  for (let i = 0; i < count; i++) {
    const p = await mentee();
    await subscribe(p.id, m.id, now);
    people.push({ ...p, api: trpcAt(p.token, now) });
  }
  return { m, people };
}

describe("joining and leaving a mentor's waitlist", () => {
  it("needs an active subscription (403), is idempotent, tells her place in line, and shows on his schedule", async () => {
    const now = new Date("2025-05-01T00:00:00Z");
    const { m, people } = await cast(now, 2);
    const stranger = await mentee();
    const refused = await trpcOutcome(trpcAt(stranger.token, now).scheduling.joinWaitlist.mutate({ mentorId: m.id }));
    expect(refused).toMatchObject({ status: 403, message: "Subscribe to this mentor to join the waitlist." });
    expect(await entryOf(stranger.id, m.id)).toBeUndefined();

    const [a, b] = people;
    expect(await a!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id })).toEqual({ waitlisted: true, position: 1 });
    expect(await b!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id })).toEqual({ waitlisted: true, position: 2 });
    expect(await a!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id })).toEqual({ waitlisted: true, position: 1 });
    expect(await a!.api.scheduling.mentorSchedule.query({ mentorId: m.id })).toMatchObject({ waitlisted: true });

    expect(await a!.api.scheduling.leaveWaitlist.mutate({ mentorId: m.id })).toEqual({ waitlisted: false });
    expect(await a!.api.scheduling.mentorSchedule.query({ mentorId: m.id })).toMatchObject({ waitlisted: false });
    expect(await b!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id })).toEqual({ waitlisted: true, position: 1 });
    expect(await trpcOutcome(a!.api.scheduling.joinWaitlist.mutate({ mentorId: "no-such-mentor" }))).toMatchObject({ status: 404 });
  });
});

describe("a freed slot goes to the waitlist", () => {
  it("a cancellation offers it to the first waiting mentee whose next booking is later, held for her: another's booking is refused, hers books and takes her off the list", async () => {
    const now = new Date("2025-05-05T00:00:00Z");
    const { m, people } = await cast(now, 4);
    const [canceller, earlyBird, laterOne, newcomer] = people;
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const early = await publishOne(m.token, at(20), now);
    const freed = await publishOne(m.token, at(30), now);
    const late = await publishOne(m.token, at(60), now);
    await earlyBird!.api.scheduling.book.mutate({ slotId: early });
    await canceller!.api.scheduling.book.mutate({ slotId: freed });
    await laterOne!.api.scheduling.book.mutate({ slotId: late });
    for (const p of [earlyBird, laterOne, newcomer]) await p!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });

    expect((await cancel(canceller!.token, freed, now)).status).toBe(200);
    await heldOnceOffered(freed);
    // The early bird's next booking (20 h) is before the freed slot (30 h): she is skipped; the next in line gets it.
    expect(await slotRow(freed)).toMatchObject({ state: "open", heldFor: laterOne!.id, heldUntil: new Date(now.getTime() + 15 * MINUTE) });
    expect(await noticesOf(laterOne!.id)).toEqual([expect.stringMatching(OFFER)]);
    expect(await noticesOf(earlyBird!.id)).toEqual([]);
    expect(await noticesOf(newcomer!.id)).toEqual([]);
    // Apart from her own booking's e-mails (they carry its calendar file), the offer.
    const mail = (await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, laterOne!.row.email))).filter(
      (e) => e.attachments === null,
    );
    expect(mail).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^An earlier time opened with /),
        html: expect.stringMatching(/<th[^>]*>Held for you<\/th><td[^>]*>15 minutes<\/td>/),
      }),
    ]);
    expect((await entryOf(laterOne!.id, m.id))?.offeredAt).toEqual(now);

    expect(await laterOne!.api.scheduling.mentorSchedule.query({ mentorId: m.id })).toMatchObject({
      heldForMe: [{ slotId: freed, until: new Date(now.getTime() + HOLD_MINUTES * 60 * 1000).toISOString() }],
    });
    expect((await newcomer!.api.scheduling.mentorSchedule.query({ mentorId: m.id })).timeSlots.map((s) => s.id)).not.toContain(freed);
    const refused = await trpcOutcome(newcomer!.api.scheduling.book.mutate({ slotId: freed }));
    expect(refused).toMatchObject({ status: 409, message: "This time is held for another mentee for a few minutes. Choose another time." });

    const fiveLater = trpcAt(laterOne!.token, new Date(now.getTime() + 5 * MINUTE));
    expect(await fiveLater.scheduling.book.mutate({ slotId: freed })).toMatchObject({ state: "booked", menteeId: laterOne!.id });
    expect(await entryOf(laterOne!.id, m.id)).toBeUndefined();
    expect(await entryOf(newcomer!.id, m.id)).toBeDefined();
    expect(await slotRow(freed)).toMatchObject({ heldFor: null, heldUntil: null });
  });

  it("she may move her later booking onto the slot held for her: the move takes it, and she leaves the list", async () => {
    const now = new Date("2025-05-12T00:00:00Z");
    const { m, people } = await cast(now, 2);
    const [canceller, waiting] = people;
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const freed = await publishOne(m.token, at(30), now);
    const late = await publishOne(m.token, at(80), now);
    await canceller!.api.scheduling.book.mutate({ slotId: freed });
    await waiting!.api.scheduling.book.mutate({ slotId: late });
    await waiting!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });
    expect((await cancel(canceller!.token, freed, now)).status).toBe(200);
    await heldOnceOffered(freed);
    expect(await slotRow(freed)).toMatchObject({ heldFor: waiting!.id });

    const moved = await waiting!.api.scheduling.reschedule.mutate({ slotId: late, toSlotId: freed });
    expect(moved).toMatchObject({ id: freed, state: "booked", menteeId: waiting!.id, sequence: 1 });
    expect(await slotRow(freed)).toMatchObject({ heldFor: null, heldUntil: null });
    expect(await entryOf(waiting!.id, m.id)).toBeUndefined();
  });

  it("when the hold runs out, the cron passes it to the next in line; when nobody is left, the hold is cleared", async () => {
    const now = new Date("2025-06-02T00:00:00Z");
    const { m, people } = await cast(now, 3);
    const [canceller, first, second] = people;
    const freed = await publishOne(m.token, new Date(now.getTime() + 30 * HOUR), now);
    await canceller!.api.scheduling.book.mutate({ slotId: freed });
    await first!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });
    await second!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });
    expect((await cancel(canceller!.token, freed, now)).status).toBe(200);
    await heldOnceOffered(freed);
    expect((await slotRow(freed)).heldFor).toBe(first!.id);

    expect((await passHolds(new Date(now.getTime() + 10 * MINUTE))).status).toBe(200);
    expect((await slotRow(freed)).heldFor).toBe(first!.id);

    const passedAt = new Date(now.getTime() + 16 * MINUTE);
    expect((await passHolds(passedAt)).body).toMatchObject({ passWaitlistHolds: { passed: 1 } });
    expect(await slotRow(freed)).toMatchObject({ heldFor: second!.id, heldUntil: new Date(passedAt.getTime() + 15 * MINUTE) });
    expect(await noticesOf(second!.id)).toEqual([expect.stringMatching(OFFER)]);

    expect((await passHolds(new Date(passedAt.getTime() + 16 * MINUTE))).body).toMatchObject({ passWaitlistHolds: { cleared: 1 } });
    expect(await slotRow(freed)).toMatchObject({ state: "open", heldFor: null, heldUntil: null });
    // Open for anyone again (both are still on the list: neither booked it).
    expect(
      await trpcAt(canceller!.token, new Date(passedAt.getTime() + 20 * MINUTE)).scheduling.book.mutate({ slotId: freed }),
    ).toMatchObject({ state: "booked" });
  });

  it("two slots freed at once go to two different people", async () => {
    const now = new Date("2025-06-09T00:00:00Z");
    const { m, people } = await cast(now, 3);
    const [canceller, first, second] = people;
    const slots = [
      await publishOne(m.token, new Date(now.getTime() + 30 * HOUR), now),
      await publishOne(m.token, new Date(now.getTime() + 40 * HOUR), now),
    ];
    for (const slotId of slots) await canceller!.api.scheduling.book.mutate({ slotId });
    await first!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });
    await second!.api.scheduling.joinWaitlist.mutate({ mentorId: m.id });

    const cancels = await Promise.all(slots.map((slotId) => cancel(canceller!.token, slotId, now)));
    expect(cancels.map((c) => c.status)).toEqual([200, 200]);
    await Promise.all(slots.map(heldOnceOffered));
    const holders = (await Promise.all(slots.map(slotRow))).map((s) => s.heldFor);
    expect(holders.sort()).toEqual([first!.id, second!.id].sort());
    expect(await noticesOf(first!.id)).toHaveLength(1);
    expect(await noticesOf(second!.id)).toHaveLength(1);
  });
});
