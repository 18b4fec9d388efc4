import { DEV_PUSH_MESSAGE, type DevPushMessage, type WebPushPayload } from "../../shared/web-push";
import { readDevRecord, writeDevRecord } from "./dev-push-record";
import { serviceWorker } from "./web-push";

const EVERY_MS = 3_000;
const HIDDEN_EVERY_MS = 10_000;

/**
 * Development only (ADR 0027): a browser's connection to its push service, played by the
 * app's tab. While this browser holds a subscription of the local push service (beside the Worker), an open
 * tab of the app fetches what arrived for it (each message once, whichever tab asks first) and hands
 * it to the service worker, which shows it as it shows a real `push` event. It stops by itself once
 * the subscription is gone (push turned off, signed out). Returns the function that stops it.
 */
export function startDevPushRelay(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    const record = readDevRecord();
    if (!record) return; // push off here: the layout starts it again when a subscription is made
    try {
      // The service worker first: receiving takes the messages off the local push service, so they are taken only when
      // there is a worker to hand them to (a slow start would otherwise lose them).
      const worker = (await serviceWorker()).active;
      if (worker) {
        const response = await fetch(`${record.service}/subscriptions/${record.id}/receive`, { method: "POST" });
        if (response.status === 404) writeDevRecord(null);
        else if (response.ok) {
          const { messages } = (await response.json()) as { messages: { payload: WebPushPayload | null }[] };
          for (const { payload } of messages) if (payload) worker.postMessage({ type: DEV_PUSH_MESSAGE, payload } satisfies DevPushMessage);
        }
      }
    } catch {
      // The local push service or the service worker is not there yet (a restart): the next round asks again.
    }
    if (!stopped) timer = setTimeout(() => void tick(), document.visibilityState === "visible" ? EVERY_MS : HIDDEN_EVERY_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
