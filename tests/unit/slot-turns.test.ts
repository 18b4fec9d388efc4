import { describe, expect, it } from "vitest";
import { forgetBooked, slotTurn } from "../../worker/services/scheduling/slot-turns";

/** One booking write per slot at a time in an isolate (issue 25): the others wait, then learn it was booked or take their turn. */
describe("slot turns", () => {
  it("a second request waits while the first writes, and learns the slot was booked here once it won", async () => {
    const first = await slotTurn("slot-a");
    expect(first.kind).toBe("turn");
    let second: Awaited<ReturnType<typeof slotTurn>> | undefined;
    const waiting = slotTurn("slot-a").then((t) => (second = t));
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toBeUndefined();
    if (first.kind === "turn") first.done(true);
    await waiting;
    expect(second?.kind).toBe("booked-here");
    // Another slot is not held up.
    expect((await slotTurn("slot-b")).kind).toBe("turn");
  });

  it("when the first write matched nothing (her own quota), the next request takes its turn and writes", async () => {
    const first = await slotTurn("slot-c");
    const next = slotTurn("slot-c");
    if (first.kind === "turn") first.done(false);
    const turn = await next;
    expect(turn.kind).toBe("turn");
    if (turn.kind === "turn") turn.done(false);
  });

  it("a slot found open again after it was booked here is written again once the mark is forgotten", async () => {
    const first = await slotTurn("slot-d");
    if (first.kind === "turn") first.done(true);
    expect((await slotTurn("slot-d")).kind).toBe("booked-here");
    forgetBooked("slot-d");
    expect((await slotTurn("slot-d")).kind).toBe("turn");
  });
});
