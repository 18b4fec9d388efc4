/**
 * When "tell me if an earlier time opens" can help her (ADR 0023's waitlist), so the schedule offers it only then
 * and joining is refused (409) otherwise:
 *  - with a booking with him: while no bookable time before it is open (one is: she moves her booking there now);
 *  - without one: while she has a call left to book one (none left: nothing freed could be hers) and no time is open
 *    (one is: she books it now).
 * A booking with no calls left still fits: a freed earlier time is held for her and she moves her booking onto it.
 */
export const EARLIER_TIME_OPEN = "An earlier time is open now: move your booking to it instead of waiting.";
export const TIMES_OPEN = "Open times are shown on this schedule: book one instead of waiting.";
export const NO_CALLS_LEFT = "You have no calls left this period and no booking to move, so a freed time could not be yours.";

export function waitlistRefusal(s: { nextBooking: string | null; callsLeft: number; firstOpen: string | null }): string | null {
  if (s.nextBooking) return s.firstOpen && s.firstOpen < s.nextBooking ? EARLIER_TIME_OPEN : null;
  if (s.callsLeft === 0) return NO_CALLS_LEFT;
  return s.firstOpen ? TIMES_OPEN : null;
}
