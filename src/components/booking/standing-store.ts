import type { StandingResult } from "./types";

/**
 * What a standing booking booked and skipped, kept for the "You're booked" page of its first session
 * (sessionStorage: survives a reload of that page, not the tab).
 */
const keyOf = (slotId: string) => `mentorlink:standing:${slotId}`;

export function keepStanding(slotId: string, result: StandingResult) {
  try {
    sessionStorage.setItem(keyOf(slotId), JSON.stringify(result));
  } catch {
    // Storage full or blocked: the page then shows the one session.
  }
}

export function readStanding(slotId: string): StandingResult | null {
  try {
    const raw = sessionStorage.getItem(keyOf(slotId));
    return raw ? (JSON.parse(raw) as StandingResult) : null;
  } catch {
    return null;
  }
}
