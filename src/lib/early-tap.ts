import { useEffect } from "react";
import { APP_ATTRIBUTE, EARLY_TAP } from "./page-shells";

/** How long a kept tap waits for its button to be taken over (the page's parts are taken over one after another). */
const WAIT_MS = 5_000;
const STEP_MS = 16;

/**
 * Once the app has taken over a page drawn by the Worker (issue 28), a tap made on one of its buttons before (kept by
 * the page's loader, scripts/prerender-shells.ts) is made again, so a person quick on a slow phone is not ignored.
 * Used once, at the root: its effect runs after the app's first commit, when the page's inner parts may still be
 * waiting to be taken over; the tap is made when its button has been (React has put its handlers on it).
 */
export function useEarlyTapReplay(): void {
  useEffect(() => {
    document.documentElement.setAttribute(APP_ATTRIBUTE, "");
    const holder = window as unknown as Record<string, HTMLElement | undefined>;
    const tapped = holder[EARLY_TAP];
    delete holder[EARLY_TAP];
    if (!tapped) return;
    let waited = 0;
    const tap = () => {
      if (!tapped.isConnected) return;
      if (takenOver(tapped) || waited >= WAIT_MS) return tapped.click();
      waited += STEP_MS;
      setTimeout(tap, STEP_MS);
    };
    tap();
  }, []);
}

/** Whether React has taken an element over: it keeps the element's props on it (a `__reactProps$…` key). */
const takenOver = (element: HTMLElement) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));
