/**
 * When the mentee's home asks "How was your session with Asha?" (ADR 0026): at most once per mentor
 * per period, never for a mentor she rated lately. Plain functions over what the home reads.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The period: a new prompt for a mentor waits this long after the last one, and a review this recent means no prompt. */
export const PROMPT_PERIOD_MS = 30 * DAY;
/** A completed session is asked about only this long after its start (older ones are history, not news). */
export const PROMPT_RECENT_MS = 30 * DAY;

export type PromptCandidate = {
  slotId: string;
  mentorId: string;
  /** The completed session's start and end. */
  start: Date;
  end: Date;
  /** Her last prompt for this mentor (answered or dismissed), if any. */
  lastPromptAt: Date | null;
  /** When she last wrote or changed her review of this mentor, if she has one. */
  reviewedAt: Date | null;
};

/**
 * A completed session is worth a prompt when it is recent, she has not reviewed its mentor in the
 * period, and either she was never prompted for him or the last prompt is older than the period and
 * the session ended after it.
 */
export function isPromptDue(c: PromptCandidate, now: Date): boolean {
  const t = now.getTime();
  if (c.end.getTime() > t || t - c.start.getTime() > PROMPT_RECENT_MS) return false;
  if (c.reviewedAt && t - c.reviewedAt.getTime() < PROMPT_PERIOD_MS) return false;
  if (!c.lastPromptAt) return true;
  return c.end.getTime() > c.lastPromptAt.getTime() && t - c.lastPromptAt.getTime() >= PROMPT_PERIOD_MS;
}

/** The one prompt the home shows: the latest due session (one mentor at a time). */
export function duePrompt<C extends PromptCandidate>(candidates: readonly C[], now: Date): C | null {
  return [...candidates].filter((c) => isPromptDue(c, now)).sort((a, b) => b.end.getTime() - a.end.getTime())[0] ?? null;
}
