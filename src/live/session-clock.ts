import { plural, t } from "@lingui/core/macro";
// The app's Lingui instance (English until another language is chosen): these words are written at call time.
import "@/platform/i18n";
import { clockMinutes, clockText } from "./use-server-clock";

/** Where a session stands on the server's clock: before its start, running, or over (ADR 0026). */
export type SessionPhase = { phase: "before"; startsIn: number } | { phase: "running"; elapsed: number; left: number } | { phase: "over" };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function sessionPhase(now: number, start: string, end: string): SessionPhase {
  const startAt = Date.parse(start);
  const endAt = Date.parse(end);
  if (now < startAt) return { phase: "before", startsIn: startAt - now };
  if (now < endAt) return { phase: "running", elapsed: now - startAt, left: endAt - now };
  return { phase: "over" };
}

/**
 * A wait in words, rounded up to the minute: "less than a minute", "4 min", "1 h 5 min", "2 h",
 * and in whole days from a day on ("2 days"). In the reader's language, at call time.
 */
export function waitWords(ms: number): string {
  if (ms < MINUTE) return t`less than a minute`;
  if (ms >= DAY) return plural(Math.floor(ms / DAY), { one: "# day", other: "# days" });
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return t`${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? t`${h} h` : t`${h} h ${m} min`;
}

/** "Starts in 4 min" before the start (not a countdown of the whole hour). */
export function startsInText(ms: number): string {
  const wait = waitWords(ms);
  return t`Starts in ${wait}`;
}

/**
 * The timer of a running session, on screen ("12:04 in · 47:56 left") and for a screen reader ("12 minutes in,
 * 47 minutes left"): the words name the minutes the figures show (clockText's whole seconds), so the two never disagree.
 */
export function runningText(elapsed: number, left: number): { text: string; label: string } {
  const inMinutes = plural(clockMinutes(elapsed), { one: "# minute", other: "# minutes" });
  const leftMinutes = plural(clockMinutes(left), { one: "# minute", other: "# minutes" });
  const inClock = clockText(elapsed);
  const leftClock = clockText(left);
  return {
    text: t`${inClock} in · ${leftClock} left`,
    label: t`${inMinutes} in, ${leftMinutes} left`,
  };
}

/** The one line the page shows about time: "Starts in 4 min", the running timer, or "Time is up". */
export function timerText(phase: SessionPhase): { text: string; label: string } {
  if (phase.phase === "before") {
    const text = startsInText(phase.startsIn);
    return { text, label: text };
  }
  if (phase.phase === "running") return runningText(phase.elapsed, phase.left);
  const up = t`Time is up`;
  return { text: up, label: up };
}
