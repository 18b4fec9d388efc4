/**
 * One booking write per slot at a time within this isolate (issue 25): when a hundred mentees race
 * for one hour, the first writes and the others wait here, where waiting costs nothing, instead of
 * queueing their own writes behind it at the database. Once it booked the slot, they are answered
 * from one read of the slot, without a write. Across isolates the booking statement alone decides
 * (ADR 0013); this only spares the database the losers' writes.
 *
 * No request waits on another request's promise (workerd cancels such a wait when the other request
 * ends): a waiter polls the shared marks with its own short timers, as the write gate does.
 */
const writing = new Map<string, symbol>();
const booked = new Map<string, number>();

/** Longest a request waits for another's booking write of the same slot before writing its own. */
const MAX_WAIT_MS = 3_000;
/** How long "booked here" is believed without a read; the caller reads the slot before it refuses. */
const BOOKED_MARK_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SlotTurn = { kind: "booked-here" } | { kind: "turn"; done: (won: boolean) => void };

/** Waits while another request of this isolate writes a booking of `slotId`; then either its booking is known, or it is this request's turn. */
export async function slotTurn(slotId: string, now = () => Date.now()): Promise<SlotTurn> {
  const deadline = now() + MAX_WAIT_MS;
  for (;;) {
    const at = booked.get(slotId);
    if (at !== undefined && now() - at < BOOKED_MARK_MS) return { kind: "booked-here" };
    if (!writing.has(slotId) || now() > deadline) break;
    await sleep(2 + Math.random() * 3);
  }
  const token = Symbol(slotId);
  writing.set(slotId, token);
  return {
    kind: "turn",
    done: (won) => {
      if (writing.get(slotId) === token) writing.delete(slotId);
      if (won) markBooked(slotId, now());
    },
  };
}

/** The slot turned out open after all (the booking was cancelled): forget the mark. */
export function forgetBooked(slotId: string): void {
  booked.delete(slotId);
}

function markBooked(slotId: string, at: number) {
  if (booked.size >= 1_000) for (const [id, when] of booked) if (at - when >= BOOKED_MARK_MS) booked.delete(id);
  booked.set(slotId, at);
}
