import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { expect } from "vitest";
import { DEV_VAPID } from "../../scripts/worker-vars";
import type { WebPushPayload } from "../../shared/web-push";
import { decryptPush } from "../../worker/dev/push-decrypt";
import type { DevMessage } from "../../worker/dev/push-store";
import { doublesUrl, trpc } from "./api";

/**
 * A test's own device for Web Push (ADR 0027): keys made here, as a browser makes them, so a test
 * decrypts what the Worker sent with nothing but the subscription's keys. The local push service
 * (the doubles' /dev/push beside the Worker, ADR 0033) hands out the endpoint and keeps what arrives.
 */
export type TestDevice = { id: string; endpoint: string; keys: { p256dh: string; auth: string }; privateJwk: JsonWebKey };

/** `applicationServerKey`: the key the subscription is made for (by default the Worker's development VAPID key). */
export async function testDevice(applicationServerKey = DEV_VAPID.VAPID_PUBLIC_KEY): Promise<TestDevice> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const keys = {
    p256dh: encodeBase64urlNoPadding(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer)),
    auth: encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16))),
  };
  const response = await fetch(`${doublesUrl()}/dev/push/subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey, keys }),
  });
  expect(response.status).toBe(201);
  const made = (await response.json()) as { id: string; endpoint: string };
  return { id: made.id, endpoint: made.endpoint, keys, privateJwk: (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey };
}

/** Turns push on for this device as the signed-in account of `token`. */
export const turnOnPush = (token: string, device: TestDevice, label = "Test browser") =>
  trpc(token).notificationSettings.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys, label });

type Received = Omit<DevMessage, "receivedAt" | "deliveredAt"> & { receivedAt: string };

/** What the local push service received for the device, newest first. */
export async function received(device: TestDevice): Promise<Received[]> {
  const response = await fetch(`${doublesUrl()}/dev/push/messages.json?subscription=${device.id}`);
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * Waits until the device has received `count` messages; returns them, newest first. Pushes go after the response, and
 * a reminder's through two queues (the reminder, then its bell push), each waiting up to a second to fill a batch: with
 * the suite's other files on the same cores that took several seconds, so the wait is up to 20 s.
 */
export async function waitForPushes(device: TestDevice, count: number): Promise<Received[]> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const messages = await received(device);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the device received ${(await received(device)).length} push messages, not ${count}`);
}

/** Opens a received message with the device's own keys, as its browser would. */
export async function opened(device: TestDevice, message: Received): Promise<WebPushPayload> {
  return JSON.parse(
    await decryptPush(decodeBase64urlIgnorePadding(message.body), { privateJwk: device.privateJwk, auth: device.keys.auth }),
  ) as WebPushPayload;
}

/** Tells the local push service to answer every push to the device with `status` (the browser dropped it). */
export async function pushServiceAnswers(device: TestDevice, status: 404 | 410 | null): Promise<void> {
  const response = await fetch(`${doublesUrl()}/dev/push/subscriptions/${device.id}/answer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status }),
  });
  expect(response.status).toBe(200);
}

/** Lets pushes after the response settle, for a test that expects none. */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
