import { describe, expect, it } from "vitest";
import { forgetBooked, slotTurn } from "../../worker/scheduling/slot-turns";

/** One booking write per slot at a time in an isolate (ADR 0017): the others wait, then learn it was booked or take their turn. */
describe("slot turns", () => {
  it("a second request waits while the first writes, and learns the slot was booked here once it won", async () => {
    const first = await slotTurn("slot-a");
    expect(first.kind).toBe("turn");
    let second: Awaited<ReturnType<typeof slotTurn>> | undefined;
    const waiting = slotTurn("slot-a").then((t) => (second = t));
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toBeUndefined();
    if (first.kind === "turn") first.done("mentee-1");
    await waiting;
    // Answered from who booked it, without a trip of its own.
    expect(second).toEqual({ kind: "booked-here", menteeId: "mentee-1" });
    // Another slot is not held up.
    expect((await slotTurn("slot-b")).kind).toBe("turn");
  });

  it("when the first write matched nothing (her own quota), the next request takes its turn and writes", async () => {
    const first = await slotTurn("slot-c");
    const next = slotTurn("slot-c");
    if (first.kind === "turn") first.done(null);
    const turn = await next;
    expect(turn.kind).toBe("turn");
    if (turn.kind === "turn") turn.done(null);
  });

  it("a booking that left the slot here (cancelled, moved) forgets the mark at once", async () => {
    const first = await slotTurn("slot-d");
    if (first.kind === "turn") first.done("mentee-2");
    expect((await slotTurn("slot-d")).kind).toBe("booked-here");
    forgetBooked("slot-d");
    expect((await slotTurn("slot-d")).kind).toBe("turn");
  });

  it("a mark is believed for 2 seconds only: then the slot is written (and read) as usual", async () => {
    let clock = 1_000_000;
    const first = await slotTurn("slot-e", () => clock);
    if (first.kind === "turn") first.done("mentee-3");
    clock += 1_999;
    expect((await slotTurn("slot-e", () => clock)).kind).toBe("booked-here");
    clock += 2;
    const later = await slotTurn("slot-e", () => clock);
    expect(later.kind).toBe("turn");
    if (later.kind === "turn") later.done(null);
  });
});
