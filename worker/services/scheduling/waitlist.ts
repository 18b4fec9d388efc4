import type { ServiceDeps } from "../deps";

/**
 * The waitlist (ADR 0023): "tell me if an earlier time opens". Filled in by the waitlist work; the
 * other scheduling services call `offerFreedSlot` after a commit that freed a slot (a cancel, a move
 * away, a time off ending), so waiting mentees hear of it in order.
 */
export async function offerFreedSlot(_deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">, _slotIds: string[]): Promise<void> {}
