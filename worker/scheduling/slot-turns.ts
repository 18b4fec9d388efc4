/**
 * One booking per slot at a time within this isolate (ADR 0017), whether the slot is booked or a
 * booking is moved onto it (`inSlotTurn` in booking.ts): when a hundred mentees race for one hour, the
 * first reads and writes and the others wait here, before any read of their own, where waiting costs
 * nothing, instead of queueing their reads and writes behind it at the database. Once it took the
 * slot, they are answered at once from what the winner wrote (who booked it), without a read or a
 * write: the losers of a race never wait behind the database twice. Across isolates the booking statement alone decides
 * (ADR 0013); this only spares the database the losers' trips. A booking that leaves the slot in this
 * isolate (cancelled, moved away) forgets the mark; one that leaves it in another isolate is believed
 * booked here for at most BOOKED_MARK_MS, after which the slot is written and read as usual.
 *
 * No request waits on another request's promise (workerd cancels such a wait when the other request
 * ends): a waiter polls the shared marks with its own short timers, as the write gate does.
 */
const writing = new Map<string, symbol>();
const booked = new Map<string, { at: number; menteeId: string }>();

/** Longest a request waits for another's booking write of the same slot before writing its own. */
const MAX_WAIT_MS = 3_000;
/** How long "booked here" is believed without a read: long enough for a race, short enough that a booking cancelled elsewhere is soon bookable here. */
const BOOKED_MARK_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SlotTurn = { kind: "booked-here"; menteeId: string } | { kind: "turn"; done: (wonBy: string | null) => void };

/** Waits while another request of this isolate writes a booking of `slotId`; then either its booking is known, or it is this request's turn. */
export async function slotTurn(slotId: string, now = () => Date.now()): Promise<SlotTurn> {
  const deadline = now() + MAX_WAIT_MS;
  for (;;) {
    const mark = booked.get(slotId);
    if (mark !== undefined && now() - mark.at < BOOKED_MARK_MS) return { kind: "booked-here", menteeId: mark.menteeId };
    if (!writing.has(slotId) || now() > deadline) break;
    await sleep(2 + Math.random() * 3);
  }
  const token = Symbol(slotId);
  writing.set(slotId, token);
  return {
    kind: "turn",
    done: (wonBy) => {
      if (writing.get(slotId) === token) writing.delete(slotId);
      if (wonBy) markBooked(slotId, { at: now(), menteeId: wonBy });
    },
  };
}

/** The booking left the slot in this isolate (cancelled, moved away): it is open again here at once. */
export function forgetBooked(slotId: string): void {
  booked.delete(slotId);
}

function markBooked(slotId: string, mark: { at: number; menteeId: string }) {
  if (booked.size >= 1_000) for (const [id, old] of booked) if (mark.at - old.at >= BOOKED_MARK_MS) booked.delete(id);
  booked.set(slotId, mark);
}
