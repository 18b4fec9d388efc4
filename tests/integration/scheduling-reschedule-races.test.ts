import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { bookedPair, bookOk, callsLeft, mentee, move, noticesOf, removeSlot, row, subscribe } from "../support/moves";
import { book } from "../support/scheduling";

/**
 * Reschedule races (ADR 0023), through the built Worker with Promise.all: never two owners of a slot,
 * never a lost booking nor a booking on a deleted slot, and the quota never off by one.
 */
const ROUNDS = 4;
const bookedOf = (menteeId: string, mentorId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.mentorId, mentorId), eq(timeSlots.state, "booked")));

describe("reschedule races", () => {
  it("two mentees moving onto one slot at once: exactly one gets it, the other keeps her booking", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, me, slots } = await bookedPair([30, 32, 34]);
      const rival = await mentee();
      await subscribe(rival.id, m.id);
      const [mine, hers, target] = slots;
      await bookOk(me.token, mine);
      await bookOk(rival.token, hers);
      const [a, b] = await Promise.all([move(me.token, mine, target), move(rival.token, hers, target)]);
      expect([a.status, b.status].sort(), `${a.message} / ${b.message}`).toEqual([200, 409]);
      const winner = a.status === 200 ? me : rival;
      const [loserId, loserSlot, winnerSlot] = a.status === 200 ? [rival.id, hers, mine] : [me.id, mine, hers];
      expect(await row(target)).toMatchObject({ state: "booked", menteeId: winner.id, sequence: 1 });
      expect(await row(winnerSlot)).toMatchObject({ state: "open", menteeId: null });
      expect(await row(loserSlot)).toMatchObject({ state: "booked", menteeId: loserId, sequence: 0 });
      expect((await noticesOf("mentor", m.id)).filter((n) => /moved the session/.test(n.content))).toHaveLength(1);
    }
  });

  it("a move racing another mentee's booking of the target: exactly one owns it; a mover who lost still holds her slot", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, me, slots } = await bookedPair([30, 34]);
      const rival = await mentee();
      await subscribe(rival.id, m.id);
      const [mine, target] = slots;
      await bookOk(me.token, mine);
      const [moved, booked] = await Promise.all([move(me.token, mine, target), book(rival.token, target)]);
      expect(
        [moved.status === 200, booked.status === 201].filter(Boolean),
        `${moved.message} / ${JSON.stringify(booked.body)}`,
      ).toHaveLength(1);
      const owner = (await row(target)).menteeId;
      if (moved.status === 200) {
        expect(owner).toBe(me.id);
        expect(booked.status).toBe(409);
        expect(await row(mine)).toMatchObject({ state: "open" });
      } else {
        expect(moved.status).toBe(409);
        expect(owner).toBe(rival.id);
        expect(await row(mine)).toMatchObject({ state: "booked", menteeId: me.id, sequence: 0 });
      }
      expect(await bookedOf(me.id, m.id)).toHaveLength(1);
      expect(await callsLeft(me.token, m.id)).toBe(3);
    }
  });

  it("a move racing the mentor deleting the source slot: the booking either moved or was cancelled with a notice, never lost, never counted twice", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, me, slots } = await bookedPair([30, 34]);
      const [source, target] = slots;
      await bookOk(me.token, source);
      expect(await callsLeft(me.token, m.id)).toBe(3);
      const [moved, deleted] = await Promise.all([move(me.token, source, target), removeSlot(m.token, source)]);
      expect(deleted.status, deleted.message).toBe(200);
      expect((await row(source)).state).toBe("deleted");
      const held = await bookedOf(me.id, m.id);
      if (moved.status === 200) {
        // The move came first: the mentor deleted an open slot.
        expect(deleted.value).toEqual({ cancelledBooking: false });
        expect(held.map((s) => s.id)).toEqual([target]);
        expect(await callsLeft(me.token, m.id)).toBe(3);
      } else {
        expect(moved.status).toBe(404);
        expect(deleted.value).toEqual({ cancelledBooking: true });
        expect(held).toEqual([]);
        expect((await noticesOf("mentee", me.id)).filter((n) => /cancelled your session/.test(n.content))).toHaveLength(1);
        expect(await row(target)).toMatchObject({ state: "open", menteeId: null });
        expect(await callsLeft(me.token, m.id)).toBe(4);
      }
    }
  });

  it("a move racing the mentor deleting the target slot: never a booking on a deleted slot, and the quota matches what she holds", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, me, slots } = await bookedPair([30, 34]);
      const [source, target] = slots;
      await bookOk(me.token, source);
      const [moved, deleted] = await Promise.all([move(me.token, source, target), removeSlot(m.token, target)]);
      expect(deleted.status, deleted.message).toBe(200);
      expect((await row(target)).state).toBe("deleted");
      const held = await bookedOf(me.id, m.id);
      expect(held.every((s) => s.state === "booked" && s.id !== target)).toBe(true);
      if (moved.status === 200) {
        // Moved first, then the mentor's delete cancelled the moved booking: she was told, the call is back.
        expect(deleted.value).toEqual({ cancelledBooking: true });
        expect(held).toEqual([]);
        expect((await row(source)).state).toBe("open");
        expect((await noticesOf("mentee", me.id)).filter((n) => /cancelled your session/.test(n.content))).toHaveLength(1);
      } else {
        expect(moved.status).toBe(404);
        expect(deleted.value).toEqual({ cancelledBooking: false });
        expect(held.map((s) => s.id)).toEqual([source]);
      }
      expect(await callsLeft(me.token, m.id)).toBe(4 - held.length);
    }
  });

  it("many concurrent moves of one booking to different slots: it lands on exactly one", async () => {
    const { m, me, slots } = await bookedPair([30, 32, 34, 36, 38]);
    const [source, ...targets] = slots;
    await bookOk(me.token, source);
    const results = await Promise.all(targets.map((t) => move(me.token, source, t)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const held = await bookedOf(me.id, m.id);
    expect(held).toHaveLength(1);
    expect(held[0].sequence).toBe(1);
    expect(await callsLeft(me.token, m.id)).toBe(3);
  });
});
