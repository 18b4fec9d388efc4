import type { StandingResult } from "./types";

/**
 * What a standing booking booked and skipped, kept for the "You're booked" page of its first session
 * (sessionStorage: survives a reload of that page, not the tab).
 */
const PREFIX = "mentorlink:standing:";
const keyOf = (slotId: string) => `${PREFIX}${slotId}`;

/** What she booked is hers: it goes when she signs out in this tab or someone else signs in (ADR 0030). */
export function forgetStandings() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

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
