import { describe, expect, it } from "vitest";
import { duePrompt, isPromptDue, PROMPT_PERIOD_MS, type PromptCandidate } from "../../worker/reviews/rating-prompt-rule";

/** "How was your session with Asha?" at most once per mentor per period, never right after she rated him. */
const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-03-31T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const session = (endedDaysAgo: number, extra: Partial<PromptCandidate> = {}): PromptCandidate => ({
  slotId: `s${endedDaysAgo}`,
  mentorId: "asha",
  start: new Date(ago(endedDaysAgo).getTime() - DAY / 24),
  end: ago(endedDaysAgo),
  lastPromptAt: null,
  reviewedAt: null,
  ...extra,
});

describe("the rating prompt's rule", () => {
  it("asks after a recent completed session when she was never asked and never rated him", () => {
    expect(isPromptDue(session(1), now)).toBe(true);
  });

  it("does not ask about a session that has not ended, or one from more than 30 days ago", () => {
    expect(isPromptDue({ ...session(0), end: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isPromptDue(session(29.9), now)).toBe(true);
    expect(isPromptDue(session(30.1), now)).toBe(false);
  });

  it("asks again only for a session after the last prompt, and only once the last prompt is 30 days old", () => {
    // Answered 10 days ago, a session since: still inside the period.
    expect(isPromptDue(session(2, { lastPromptAt: ago(10) }), now)).toBe(false);
    // Answered exactly a period ago, a session since: asks.
    expect(isPromptDue(session(2, { lastPromptAt: new Date(now.getTime() - PROMPT_PERIOD_MS) }), now)).toBe(true);
    expect(isPromptDue(session(2, { lastPromptAt: new Date(now.getTime() - PROMPT_PERIOD_MS + 1) }), now)).toBe(false);
    // A session that ended before the last prompt was already asked about.
    expect(isPromptDue(session(2, { lastPromptAt: ago(1) }), now)).toBe(false);
  });

  it("never asks about a mentor she reviewed (or changed her review of) in the last 30 days", () => {
    expect(isPromptDue(session(1, { reviewedAt: ago(29) }), now)).toBe(false);
    expect(isPromptDue(session(1, { reviewedAt: ago(31) }), now)).toBe(true);
  });

  it("shows one prompt: the latest due session, whoever its mentor", () => {
    const candidates = [
      session(5, { slotId: "old-asha" }),
      session(3, { slotId: "rohan", mentorId: "rohan" }),
      session(1, { slotId: "ravi", mentorId: "ravi", reviewedAt: ago(2) }),
    ];
    expect(duePrompt(candidates, now)?.slotId).toBe("rohan");
    expect(duePrompt([], now)).toBeNull();
  });
});
