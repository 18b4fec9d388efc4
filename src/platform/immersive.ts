import { useEffect, useSyncExternalStore } from "react";

/**
 * A screen that takes the whole window (a live call, like Google Meet's): while one is shown the signed-in area's
 * layout hides its header and navigation and drops its padding, and the screen keeps its own way out (Leave).
 */
let holders = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => holders > 0;

/** Takes the whole window while `active` (and gives it back on unmounting). */
export function useImmersive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders++;
    notify();
    return () => {
      holders--;
      notify();
    };
  }, [active]);
}

/** Whether a screen has the whole window now (false when drawn by the Worker). */
export const useIsImmersive = () => useSyncExternalStore(subscribe, snapshot, () => false);
