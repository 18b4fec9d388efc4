import { describe, expect, it } from "vitest";
import { sessionOutcomes } from "../../shared/attendance";
import { CODE_MESSAGES } from "../../worker/accounts/one-time-codes";
import { outcomeNotices } from "../../worker/attendance/outcome-notices";
import { translateSentence } from "../../worker/platform/i18n/sentences";

/**
 * The Worker's sentences that carry values reach a Hindi reader whole (ADR 0027): no English phrase left
 * inside, the names and the date's zone aside. Two English words in a row are a leak.
 */
const ENGLISH_PHRASE = /\b[a-z]{2,} [a-z]{2,}\b/;

describe("the Worker's sentences with values, in Hindi", () => {
  const mentee = { id: "e", first: "Priya", name: "Priya Shah", email: "p@example.com", zone: "Asia/Kolkata" };
  const mentor = { id: "r", first: "Asha", name: "Asha Rao", email: "a@example.com", zone: "Europe/Berlin" };

  it("every outcome notice, for a session and for an intro call", () => {
    const notices = sessionOutcomes.flatMap((outcome) =>
      ["session", "trial"].flatMap((type) => outcomeNotices(outcome, { type, start: new Date("2026-03-09T14:00:00Z") }, mentee, mentor)),
    );
    expect(notices).toHaveLength(12);
    for (const { content } of notices) {
      expect(content).toMatch(ENGLISH_PHRASE);
      const hindi = translateSentence(content, "hi");
      expect(hindi, content).not.toMatch(ENGLISH_PHRASE);
      expect(hindi).toMatch(/9 मार्च 2026/);
    }
  });

  it("a wrong code's tries left, one and many", () => {
    expect(translateSentence(CODE_MESSAGES.wrong(1), "hi")).toBe("यह कोड सही नहीं है। 1 कोशिश बाकी है।");
    expect(translateSentence(CODE_MESSAGES.wrong(3), "hi")).toBe("यह कोड सही नहीं है। 3 कोशिशें बाकी हैं।");
    expect(translateSentence(CODE_MESSAGES.wrong(0), "hi")).not.toMatch(ENGLISH_PHRASE);
  });
});
