import { afterEach, describe, expect, it, vi } from "vitest";
import { runTypewriter, type TypewriterState, typewriterStart, typewriterStep, typewriterText } from "../../src/search/typewriter";

const WORDS = ["Hi", "Yo!"];
const TIMING = { typeMs: 100, deleteMs: 40, holdMs: 1500 };

/** The texts and waits of the first n steps from the start. */
function run(n: number) {
  let state: TypewriterState = { word: 0, length: 0, deleting: false };
  const out: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const { next, wait } = typewriterStep(WORDS, state, TIMING);
    out.push([typewriterText(WORDS, state), wait]);
    state = next;
  }
  return out;
}

describe("the landing's typewriter", () => {
  afterEach(() => vi.useRealTimers());

  it("types a word letter by letter, holds it, deletes it, then types the next, and starts over after the last", () => {
    expect(run(14)).toEqual([
      ["", 100],
      ["H", 100],
      ["Hi", 1500],
      ["Hi", 40],
      ["H", 40],
      ["", 100],
      ["", 100],
      ["Y", 100],
      ["Yo", 100],
      ["Yo!", 1500],
      ["Yo!", 40],
      ["Yo", 40],
      ["Y", 40],
      ["", 100],
    ]);
    // After the last word, the first again.
    expect(
      run(17)
        .slice(14)
        .map(([text]) => text),
    ).toEqual(["", "H", "Hi"]);
  });

  it("starts from the first word in full (as the page is pre-rendered), holds it, then goes on, on timers until stopped", () => {
    expect(typewriterStart(WORDS)).toEqual({ word: 0, length: 2, deleting: false });
    vi.useFakeTimers();
    const shown: string[] = [];
    const stop = runTypewriter(WORDS, (t) => shown.push(t), TIMING);
    expect(shown).toEqual(["Hi"]);
    vi.advanceTimersByTime(1_499);
    expect(shown).toEqual(["Hi"]);
    vi.advanceTimersByTime(1 + 40 + 40 + 100);
    expect(shown).toEqual(["Hi", "Hi", "H", "", ""]);
    vi.advanceTimersByTime(100);
    expect(shown.at(-1)).toBe("Y");
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown.at(-1)).toBe("Y");
  });

  it("shows the first word still for a reader who asks for less motion", () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)" }));
    try {
      const shown: string[] = [];
      runTypewriter(WORDS, (t) => shown.push(t), TIMING);
      vi.advanceTimersByTime(10_000);
      expect(shown).toEqual(["Hi"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
