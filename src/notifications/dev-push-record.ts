/**
 * The development subscription this browser holds (ADR 0027): kept by src/notifications/web-push.ts when the
 * local push service hands one out, read by the signed-in layout to start the relay
 * (src/notifications/dev-push-relay.ts, loaded only then). Small on purpose: every signed-in page carries it.
 */
export type DevPushRecord = {
  id: string;
  endpoint: string;
  /** The local push service's base URL (beside the Worker, ADR 0033), where the relay fetches what arrived. */
  service: string;
};

const KEY = "mentorlink.devPush";
/** Told on this window when the record is written or removed. */
export const DEV_PUSH_RECORD_CHANGED = "mentorlink:dev-push-record";

export function readDevRecord(): DevPushRecord | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null") as DevPushRecord | null;
    // A record without its service (kept before the service moved beside the Worker) is no subscription any more.
    return value && typeof value.id === "string" && typeof value.endpoint === "string" && typeof value.service === "string" ? value : null;
  } catch {
    return null;
  }
}

export function writeDevRecord(record: DevPushRecord | null): void {
  if (record) localStorage.setItem(KEY, JSON.stringify(record));
  else localStorage.removeItem(KEY);
  window.dispatchEvent(new Event(DEV_PUSH_RECORD_CHANGED));
}
