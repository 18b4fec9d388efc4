import { SERVICE_WORKER_PATH } from "../../shared/app-install";
import { deviceLabel } from "../../shared/device-of";
import type { Role } from "../../shared/role";
import type { ApiClient } from "../platform/trpc";
import { readDevRecord, writeDevRecord } from "./dev-push-record";

/**
 * This browser's Web Push (ADR 0027): whether it can, whether the person allowed it, its
 * subscription, and turning it on or off for the signed-in account. The browser prompt is asked only
 * from `turnOnPush`, which runs on a click ("Turn on"), never on load.
 *
 * Where a subscription comes from: in production the browser's push service
 * (`pushManager.subscribe` with the Worker's VAPID public key). In development (the Worker says
 * `service: "development"` and the local push service's `serviceUrl`) the local push service beside the Worker
 * (the doubles' `/dev/push`, ADR 0033) hands it out, because a browser with
 * no network gets no endpoint from Google's, Mozilla's or Apple's push service; the app then fetches
 * what arrives for it and hands it to the service worker (src/notifications/dev-push-relay.ts).
 */

export type PushService = "browser" | "development";
/** `serviceUrl`: in development, the local push service's base URL (the Worker's PUSH_SERVICE_URL). */
export type PushConfig = { publicKey: string | null; service: PushService; serviceUrl?: string };

/** A service worker and notifications: what showing a push needs. A browser subscription needs the Push API too. */
export function pushSupported(service: PushService = "browser"): boolean {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("Notification" in window)) return false;
  return service === "development" || "PushManager" in window;
}

export const notificationPermission = (): NotificationPermission | "unsupported" =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

const READY_MS = 10_000;

/**
 * The app's service worker (src/sw/sw.ts, which has the push handlers), registering it if the app has
 * not yet. `npm run dev` builds no /sw.js: there Vite serves a worker with the push handlers alone
 * (scripts/doubles-proxy.ts), as a module it compiles.
 */
export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration("/"))) {
    if (import.meta.env.DEV) await navigator.serviceWorker.register("/dev/push/sw.js", { type: "module", scope: "/" });
    else await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  }
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("The service worker did not start.")), READY_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's push endpoint, if it has a subscription (the development one first). */
export async function currentEndpoint(): Promise<string | null> {
  const dev = readDevRecord();
  if (dev) return dev.endpoint;
  if (!pushSupported("browser")) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

export class PushRefused extends Error {}

type SubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

const base64url = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : "";
const keyBytes = (base64: string) => Uint8Array.from(atob(base64.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function devSubscription(publicKey: string, service: string): Promise<SubscriptionJson> {
  const kept = readDevRecord();
  const response = await fetch(`${service}/subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey: publicKey }),
  });
  if (!response.ok) throw new Error("The local push service did not answer.");
  const made = (await response.json()) as SubscriptionJson & { id: string };
  // The old development subscription is dropped, as a browser's is when it subscribes anew.
  if (kept) void fetch(`${kept.service}/subscriptions/${kept.id}`, { method: "DELETE" }).catch(() => undefined);
  writeDevRecord({ id: made.id, endpoint: made.endpoint, service });
  return made;
}

async function browserSubscription(registration: ServiceWorkerRegistration, publicKey: string): Promise<SubscriptionJson> {
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's key changed) cannot carry our pushes.
  const sameKey = subscription && base64url(subscription.options.applicationServerKey) === base64url(key.buffer);
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}

/**
 * Turns push on for this browser and the signed-in account: the browser's prompt (only now, on the
 * person's click), the subscription, then the server. Throws PushRefused when she did not allow it.
 */
export async function turnOnPush(api: ApiClient, role: Role, config: PushConfig): Promise<void> {
  if (!config.publicKey) throw new Error("Push notifications are not set up on this server.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused(permission);
  const registration = await serviceWorker();
  const subscription =
    config.service === "development" && config.serviceUrl
      ? await devSubscription(config.publicKey, config.serviceUrl)
      : await browserSubscription(registration, config.publicKey);
  await api.notificationSettings.subscribe.mutate({ ...subscription, label: deviceLabel(navigator.userAgent) }, { context: { role } });
}

/**
 * This browser stops receiving the account's pushes: the server forgets it for her, and the browser's
 * subscription ends when it was hers (another account signed in here may be the one it belongs to).
 */
export async function turnOffPush(api: ApiClient, role: Role): Promise<void> {
  const endpoint = await currentEndpoint();
  if (!endpoint) return;
  const { removed } = await api.notificationSettings.unsubscribe.mutate({ endpoint }, { context: { role } });
  if (removed === 0) return;
  const dev = readDevRecord();
  if (dev?.endpoint === endpoint) {
    writeDevRecord(null);
    await fetch(`${dev.service}/subscriptions/${dev.id}`, { method: "DELETE" }).catch(() => undefined);
    return;
  }
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** Signing out on this device: its pushes for this account end (the server also drops them with the sign-in). */
export async function forgetDeviceOnSignOut(api: ApiClient, role: Role): Promise<void> {
  try {
    await turnOffPush(api, role);
  } catch {
    // Signing out goes on; the server drops this sign-in's devices with it.
  }
}

/** The push offer was dismissed (per role and browser): it is not shown again; the settings screen stays. */
export const offerDismissedKey = (role: Role) => `mentorlink.pushOffer.dismissed.${role}`;
