// The live room's window around a booked session (ADR 0015). Plain constants, shared by the Worker and the SPA.

const MINUTE = 60 * 1000;
/** The live room opens this long before the start. */
export const LIVE_EARLY_MS = 10 * MINUTE;
/** Connected participants may stay this long after the end; then the room closes. */
export const LIVE_GRACE_MS = 5 * MINUTE;
/** The free intro call is 15 minutes, on a one-hour slot (ADR 0013). */
export const TRIAL_CALL_MS = 15 * MINUTE;

/** When the call itself ends: a trial ends 15 minutes into its one-hour slot, a session with the slot. */
export function callEnd(slot: { type: string; start: Date; end: Date }): Date {
  return slot.type === "trial" ? new Date(slot.start.getTime() + TRIAL_CALL_MS) : slot.end;
}

/**
 * The mentor's "Go Live" (and the mentee's "Join session") appears when the live room opens, 10 minutes before the
 * start (SPEC §2 said "once the start is reached"; ADR 0026), until the call ends (an intro call 15 minutes into its
 * slot): the room admits nobody after that (ADR 0015), so a link then would only say the session has ended.
 */
export function canGoLive(slot: { type: string; start: string; end: string }, now: number): boolean {
  const start = new Date(slot.start);
  return start.getTime() - LIVE_EARLY_MS <= now && now < callEnd({ type: slot.type, start, end: new Date(slot.end) }).getTime();
}
