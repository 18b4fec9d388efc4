import { useSyncExternalStore } from "react";
import type { toast as sonnerToast } from "sonner";

/**
 * The one way the app shows a toast (SPEC §9). Same calls as sonner's `toast`, `toast.success` and
 * `toast.error`, but sonner and its Toaster load only when the first toast is wanted or the browser
 * is idle after the first paint, so they are not part of the pages' initial JavaScript.
 * A toast asked for before then is shown as soon as the Toaster is mounted.
 */
type Sonner = typeof sonnerToast;
type Args = Parameters<Sonner>;

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let ready: Promise<Sonner> | null = null;

/** Asks the root to mount the Toaster (its code loads then) and resolves once it listens. */
export function loadToasts(): Promise<Sonner> {
  if (!ready) {
    wanted = true;
    for (const listener of listeners) listener();
    ready = Promise.all([import("sonner"), mounted]).then(([module]) => module.toast);
  }
  return ready;
}

/** For the root: whether the Toaster should be mounted yet. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the Toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markMounted();
}

const show =
  (pick: (sonner: Sonner) => (...args: Args) => unknown) =>
  (...args: Args) => {
    void loadToasts().then((sonner) => pick(sonner)(...args));
  };

export const toast = Object.assign(
  show((sonner) => sonner),
  { success: show((sonner) => sonner.success), error: show((sonner) => sonner.error) },
);
