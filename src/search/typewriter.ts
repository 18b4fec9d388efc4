/**
 * The landing's typewriter (SPEC §1): types a word letter by letter, holds it, deletes it, and goes on
 * to the next, for ever. Plain timers and no framework, so the landing's small script and the React
 * page type the same way (ADR 0018).
 */
export type TypewriterTiming = { typeMs: number; deleteMs: number; holdMs: number };
export const TYPEWRITER_TIMING: TypewriterTiming = { typeMs: 100, deleteMs: 40, holdMs: 1500 };

export type TypewriterState = { word: number; length: number; deleting: boolean };

/**
 * Where it starts: the first word in full, as the pre-rendered page shows it, held and then deleted.
 * Starting from empty would clear the page's text at once (a layout shift for the lines below).
 */
export const typewriterStart = (words: readonly string[]): TypewriterState => ({ word: 0, length: words[0].length, deleting: false });

/** The state after `state`, and how long the text of `state` stays before it comes. */
export function typewriterStep(
  words: readonly string[],
  state: TypewriterState,
  timing: TypewriterTiming,
): { next: TypewriterState; wait: number } {
  const full = words[state.word].length;
  if (!state.deleting) {
    if (state.length < full) return { next: { ...state, length: state.length + 1 }, wait: timing.typeMs };
    return { next: { ...state, deleting: true }, wait: timing.holdMs };
  }
  if (state.length > 0) return { next: { ...state, length: state.length - 1 }, wait: timing.deleteMs };
  return { next: { word: (state.word + 1) % words.length, length: 0, deleting: false }, wait: timing.typeMs };
}

export const typewriterText = (words: readonly string[], state: TypewriterState) => words[state.word].slice(0, state.length);

/**
 * Runs the typewriter, handing each text to `show`; answers a function that stops it. A reader who asks
 * for less motion gets the first word, still.
 */
export function runTypewriter(
  words: readonly string[],
  show: (text: string) => void,
  timing: TypewriterTiming = TYPEWRITER_TIMING,
): () => void {
  if (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches) {
    show(words[0]);
    return () => undefined;
  }
  let state = typewriterStart(words);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    show(typewriterText(words, state));
    const { next, wait } = typewriterStep(words, state, timing);
    state = next;
    timer = setTimeout(tick, wait);
  };
  tick();
  return () => clearTimeout(timer);
}
