import type { NoticeKind } from "./notification-kinds";

/**
 * What a Web Push message carries (ADR 0027), encrypted for the device (RFC 8291): the service
 * worker shows `title` and `body`, replaces an earlier notification with the same `tag`, and a
 * click opens `url` (a path of this app). Built on the Worker by one function
 * (worker/notifications/web-push/payload.ts), read by src/sw/push.ts.
 */
export type WebPushPayload = {
  kind: NoticeKind;
  title: string;
  body: string;
  /** A path of the app, e.g. /mentees/booked-slots. */
  url: string;
  tag: string;
  /** The recipient's language (the notification's `lang`). */
  lang: string;
  /** The bell entry it tells about. */
  noticeId: string;
  /** When the notice was written (ISO). */
  sentAt: string;
};

/**
 * Development only: the app's tab hands the service worker a message the local push service
 * received for this device (worker/dev/push-service.ts), and the service worker shows it as it
 * shows a `push` event's data. Production browsers deliver `push` events themselves.
 */
export const DEV_PUSH_MESSAGE = "mentorlink:dev-push";
export type DevPushMessage = { type: typeof DEV_PUSH_MESSAGE; payload: WebPushPayload };

/** The service worker tells the app's tabs what it showed (the e2e test and the dev push inbox listen). */
export const PUSH_SHOWN_MESSAGE = "mentorlink:push-shown";
export type PushShownMessage = { type: typeof PUSH_SHOWN_MESSAGE; payload: WebPushPayload; via: "push" | "dev-relay" };
