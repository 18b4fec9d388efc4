import { useEffect } from "react";
import { DEV_PUSH_RECORD_CHANGED, readDevRecord } from "./dev-push-record";

/**
 * Starts the development relay (src/notifications/dev-push-relay.ts) while this browser holds a subscription of
 * the local push service (ADR 0027); its code is loaded only then, so production pages never carry it.
 */
export function useDevPushRelay(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let starting = false;
    let unmounted = false;
    const check = () => {
      if (!readDevRecord() || stop || starting) return;
      starting = true;
      void import("./dev-push-relay")
        .then(({ startDevPushRelay }) => {
          if (!unmounted) stop = startDevPushRelay();
        })
        .catch(() => undefined)
        .finally(() => (starting = false));
    };
    check();
    window.addEventListener(DEV_PUSH_RECORD_CHANGED, check);
    return () => {
      unmounted = true;
      window.removeEventListener(DEV_PUSH_RECORD_CHANGED, check);
      stop?.();
    };
  }, []);
}
