import {
  DEV_PUSH_MESSAGE,
  type DevPushMessage,
  PUSH_SHOWN_MESSAGE,
  type PushShownMessage,
  type WebPushPayload,
} from "../../shared/web-push";

/**
 * The service worker's Web Push handlers (ADR 0027), imported by src/sw/sw.ts so they are
 * part of the one worker:
 * - `push`: the browser decrypted a message from the Worker (RFC 8291); show it as a notification,
 *   unless a focused tab already shows the very screen it is about (that tab has its own pop-up).
 * - `notificationclick`: open the screen it is about: an open tab of the app is focused and sent
 *   there, else a new window opens at it.
 * - In development the local push service plays the browser's push service (worker/dev/push-service.ts):
 *   the app's tab hands its messages over as `DEV_PUSH_MESSAGE`, and they are shown the same way.
 * Every notification shown is told to the app's tabs (`PUSH_SHOWN_MESSAGE`), for the dev inbox and tests.
 */
declare const self: ServiceWorkerGlobalScope;

const ICON = "/icons/icon-192.png";
const FALLBACK: WebPushPayload = {
  kind: "account",
  title: "MentorLink",
  body: "You have a new notification.",
  url: "/",
  tag: "mentorlink",
  lang: "en",
  noticeId: "",
  sentAt: "",
};

/** A path of this app only: a payload never sends the person to another site. */
export function safePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : "/";
}

/** The payload as the Worker built it (worker/notifications/web-push/payload.ts), or null when it is not one. */
export function payloadOf(data: unknown): WebPushPayload | null {
  if (!data || typeof data !== "object") return null;
  const p = data as Partial<WebPushPayload>;
  if (typeof p.title !== "string" || typeof p.body !== "string" || typeof p.tag !== "string") return null;
  return { ...FALLBACK, ...p, url: safePath(p.url) } as WebPushPayload;
}

function readPushData(data: PushMessageData | null): WebPushPayload | null {
  try {
    return payloadOf(data?.json());
  } catch {
    return null;
  }
}

const windows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });

async function show(payload: WebPushPayload, via: PushShownMessage["via"]): Promise<void> {
  const open = await windows();
  const target = new URL(payload.url, self.location.origin).pathname;
  const onScreen = open.some((w) => w.focused && w.visibilityState === "visible" && new URL(w.url).pathname === target);
  if (!onScreen) {
    await self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      icon: ICON,
      badge: ICON,
      data: { url: payload.url, kind: payload.kind, noticeId: payload.noticeId },
    });
  }
  const told: PushShownMessage = { type: PUSH_SHOWN_MESSAGE, payload, via };
  for (const w of open) w.postMessage(told);
}

self.addEventListener("push", (event) => {
  // Browsers require a visible notification for every push (userVisibleOnly): a message we cannot read still shows one.
  event.waitUntil(show(readPushData(event.data) ?? FALLBACK, "push"));
});

self.addEventListener("message", (event) => {
  const message = event.data as Partial<DevPushMessage> | null;
  if (message?.type !== DEV_PUSH_MESSAGE || event.origin !== self.location.origin) return;
  const payload = payloadOf(message.payload);
  if (payload) event.waitUntil(show(payload, "dev-relay"));
});

/** Focuses a tab of the app at `path` (sending an open tab there), or opens a window at it. */
async function openScreen(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const open = await windows();
  const exact = open.find((w) => w.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const tab = open.find((w) => w.focused) ?? open[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      // navigate() works for a tab this worker controls; an uncontrolled one gets a new window instead.
      if (await focused.navigate(url)) return;
    } catch {
      // fall through to a new window
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(safePath(data?.url)));
});
