import { afterEach, describe, expect, it, vi } from "vitest";
import { runTypewriter, TYPEWRITER_START, typewriterStep, typewriterText, type TypewriterState } from "../../src/lib/typewriter";

const WORDS = ["Hi", "Yo!"];
const TIMING = { typeMs: 100, deleteMs: 40, holdMs: 1500 };

/** The texts and waits of the first n steps from the start. */
function run(n: number) {
  let state: TypewriterState = TYPEWRITER_START;
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
    expect(run(17).slice(14).map(([text]) => text)).toEqual(["", "H", "Hi"]);
  });

  it("runs on timers until stopped", () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const stop = runTypewriter(WORDS, (t) => shown.push(t), TIMING);
    vi.advanceTimersByTime(200);
    expect(shown).toEqual(["", "H", "Hi"]);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual(["", "H", "Hi"]);
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
