// How a booked session ended, from the live room's records (ADR 0026). Plain functions,
// shared by the Worker (which settles sessions) and the SPA (which explains the rule while waiting).

import { callEnd, LIVE_EARLY_MS, LIVE_GRACE_MS } from "./live-window";

const MINUTE = 60 * 1000;

/** How a booked session ended; both_no_show: nobody came (or nobody waited). */
export const sessionOutcomes = ["completed", "mentee_no_show", "mentor_no_show", "both_no_show"] as const;
export type SessionOutcome = (typeof sessionOutcomes)[number];
export type Party = "mentee" | "mentor";

/** A stretch of one participant's presence in the room (`leftAt` null: still there, or its close was not recorded). */
export type Presence = { role: Party; joinedAt: number; leftAt: number | null };

/** How long after the start the one who came waits for the other: 10 minutes, 5 for the 15-minute intro call. */
export function waitAfterStartMs(type: string): number {
  return type === "trial" ? 5 * MINUTE : 10 * MINUTE;
}

/** A session is settled once its room has closed (the call's end plus the grace period). */
export function settlesAt(slot: { type: string; start: Date; end: Date }): Date {
  return new Date(callEnd(slot).getTime() + LIVE_GRACE_MS);
}

/** What a dispute may say (optional), in characters. */
export const DISPUTE_MAX = 1000;

/** A participant may dispute the outcome for this long after it was settled. */
export const DISPUTE_WINDOW_MS = 24 * 60 * MINUTE;

type Stretch = [number, number];

/** One side's presence, clipped to the room's window (10 minutes before the start until it closes), without empty stretches. */
function stretchesOf(presence: Presence[], role: Party, opens: number, closes: number): Stretch[] {
  return presence
    .filter((p) => p.role === role)
    .map((p): Stretch => [Math.max(p.joinedAt, opens), Math.min(p.leftAt ?? closes, closes)])
    .filter(([from, to]) => to > from);
}

const overlaps = (a: Stretch[], b: Stretch[]) => a.some(([af, at]) => b.some(([bf, bt]) => af < bt && bf < at));
const firstJoin = (s: Stretch[]) => (s.length ? Math.min(...s.map(([from]) => from)) : Infinity);
const presentAt = (s: Stretch[], t: number) => s.some(([from, to]) => from <= t && t <= to);

/**
 * The rule, in the order it is applied:
 * 1. They were in the room at the same time (for any length of time): completed, however late.
 * 2. Only one of them ever joined: the other did not come.
 * 3. Both joined, never together: whoever joined within the wait (10 minutes after the start, 5
 *    for an intro call) came; if only one did, the other did not come.
 * 4. Both joined within the wait, never together: the one still there when the wait ran out (or who left just then)
 *    waited for the other, who did not come; if neither stayed that long, nobody waited.
 * 5. Otherwise (nobody joined, or both only after the wait): both_no_show.
 */
export function settleOutcome(slot: { type: string; start: Date; end: Date }, presence: Presence[]): SessionOutcome {
  const opens = slot.start.getTime() - LIVE_EARLY_MS;
  const closes = settlesAt(slot).getTime();
  const mentee = stretchesOf(presence, "mentee", opens, closes);
  const mentor = stretchesOf(presence, "mentor", opens, closes);
  if (mentee.length && mentor.length && overlaps(mentee, mentor)) return "completed";
  if (mentee.length && !mentor.length) return "mentor_no_show";
  if (mentor.length && !mentee.length) return "mentee_no_show";
  const waitEnds = slot.start.getTime() + waitAfterStartMs(slot.type);
  const menteeCame = firstJoin(mentee) <= waitEnds;
  const mentorCame = firstJoin(mentor) <= waitEnds;
  if (menteeCame && !mentorCame) return "mentor_no_show";
  if (mentorCame && !menteeCame) return "mentee_no_show";
  if (menteeCame && mentorCame) {
    if (presentAt(mentee, waitEnds)) return "mentor_no_show";
    if (presentAt(mentor, waitEnds)) return "mentee_no_show";
  }
  return "both_no_show";
}

/**
 * The outcome in a third person's words (a moderator's choice, and the decision both sides are told), in lower case.
 * @i18n words: the app shows them in the reader's language inside the Worker's sentences (the messages catalog).
 */
export const OUTCOME_NAMES: Record<SessionOutcome, string> = {
  completed: "completed",
  mentee_no_show: "missed by the mentee",
  mentor_no_show: "missed by the mentor",
  both_no_show: "missed by both",
};

/**
 * The outcome as a participant reads it ("You" for themselves, the other's first name otherwise).
 * @i18n words: the app shows them in the reader's language inside the Worker's sentences (the messages catalog).
 */
export function outcomeLabel(outcome: SessionOutcome, viewer: Party, otherName: string): string {
  switch (outcome) {
    case "completed":
      return "Completed";
    case "both_no_show":
      return "Nobody joined";
    case "mentee_no_show":
      return viewer === "mentee" ? "Missed: you did not join" : `Missed: ${otherName} did not join`;
    case "mentor_no_show":
      return viewer === "mentor" ? "Missed: you did not join" : `Missed: ${otherName} did not join`;
  }
}

/** The one a recorded outcome holds at fault: who did not come (nobody for a completed session, nor one alone when nobody came). */
export function partyAtFault(outcome: SessionOutcome): Party | null {
  if (outcome === "mentee_no_show") return "mentee";
  if (outcome === "mentor_no_show") return "mentor";
  return null;
}

/** Whether a participant may dispute an outcome: never one that went in their favour (the other side's no-show). */
export function mayDispute(outcome: SessionOutcome, who: Party): boolean {
  const fault = partyAtFault(outcome);
  return fault === null || fault === who;
}

/**
 * What the rule above would settle if nothing changes from `now`: the viewer stays until the room
 * closes and the other, absent now, does not come back. The live room says this while one waits, so
 * its words follow the very rule that settles the session (a stretch of the other's still open is
 * over: they are not here).
 */
export function outcomeIfAlone(
  slot: { type: string; start: Date; end: Date },
  presence: Presence[],
  viewer: Party,
  now: number,
): SessionOutcome {
  const sofar = presence.map((p) => (p.role !== viewer && p.leftAt === null ? { ...p, leftAt: now } : p));
  return settleOutcome(slot, [...sofar, { role: viewer, joinedAt: now, leftAt: null }]);
}
