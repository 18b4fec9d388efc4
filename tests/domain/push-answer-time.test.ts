import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEV_VAPID } from "../../scripts/worker-vars";
import type { WebPushPayload } from "../../shared/web-push";
import { deliveryOptions } from "../../worker/notifications/web-push/payload";
import { PUSH_ANSWER_MS, pushToDevice } from "../../worker/notifications/web-push/send";
import type { PushTransport } from "../../worker/platform/ports/web-push-transport";
import { domainDb, useDomainDb } from "../support/domain";

/**
 * A push service that does not answer must not hold the queue batch a push is part of: the request gives up after
 * PUSH_ANSWER_MS and the push counts as failed. The clock of that limit is the runtime's (AbortSignal.timeout), so the
 * test hands out the limit's signal itself and ends it at once.
 */
useDomainDb();
afterEach(() => vi.restoreAllMocks());

async function deviceKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  return {
    p256dh: encodeBase64urlNoPadding(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer)),
    auth: encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16))),
  };
}

/** A push service that answers only when the request is given up, as fetch does when its signal aborts. */
const silentService = (): PushTransport => ({
  name: "http",
  fetch: (_url, init) =>
    new Promise((_resolve, reject) => {
      const signal = init.signal as AbortSignal;
      signal.addEventListener("abort", () => reject(signal.reason));
    }),
});

describe("a push service that does not answer", () => {
  it("is given up after PUSH_ANSWER_MS, and the push counts as failed", async () => {
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(limit.signal);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const vapid = { subject: DEV_VAPID.VAPID_SUBJECT, publicKey: DEV_VAPID.VAPID_PUBLIC_KEY, privateKey: DEV_VAPID.VAPID_PRIVATE_KEY };
    const device = { id: crypto.randomUUID(), endpoint: "https://push.example.invalid/send/1", ...(await deviceKeys()) };
    const payload: WebPushPayload = {
      kind: "reminder",
      title: "Session reminder",
      body: "Reminder: your session starts within the hour",
      url: "/mentees/booked-slots",
      tag: "reminder",
      lang: "en",
      noticeId: crypto.randomUUID(),
      sentAt: new Date().toISOString(),
    };
    const outcome = pushToDevice(
      domainDb(),
      silentService(),
      vapid,
      device,
      payload,
      deliveryOptions({ kind: "reminder", conversationId: null }),
    );
    await vi.waitFor(() => expect(timeout).toHaveBeenCalledWith(PUSH_ANSWER_MS));
    limit.abort(new DOMException("The operation timed out.", "TimeoutError"));
    expect(await outcome).toBe("failed");
  });
});
