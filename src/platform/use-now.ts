import { useEffect, useLayoutEffect, useState } from "react";
import { drawingInstant } from "./worker-drawn-viewer";

/**
 * The instant relative times ("3 minutes ago") are told from: now at each render, and a render every `intervalMs` so
 * they stay true while a page stays open. A page the Worker drew is first rendered at the instant it was drawn at, by the
 * Worker and again when the browser takes it over (ADR 0028), so the two say the same words even if a threshold passed
 * in between; the component renders again at now before the browser paints.
 */
export function useNow(intervalMs = 60_000): number {
  const [drawnAt] = useState(drawingInstant);
  const [mounted, setMounted] = useState(false);
  const [, setTick] = useState(0);
  useLayoutEffect(() => setMounted(true), []);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return !mounted && drawnAt !== null ? drawnAt : Date.now();
}
