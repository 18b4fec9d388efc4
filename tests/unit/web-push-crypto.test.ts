import { buildPushPayload } from "@block65/webcrypto-web-push";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { decryptPush } from "../../worker/dev/push-decrypt";
import { verifyVapid } from "../../worker/dev/push-service";

/**
 * Web Push's cryptography (ADR 0027): production encrypts and signs with @block65/webcrypto-web-push;
 * the local push service decrypts and checks as a browser and a push service do. The decryption is
 * held to RFC 8291's own example, then the library's output is held to the decryption and to RFC 8292.
 */

// RFC 8291 §5 (Appendix A): the receiving device's keys and the message it receives.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const jwkOf = (publicKey: string, d: string): JsonWebKey => {
  const point = decodeBase64urlIgnorePadding(publicKey);
  return { kty: "EC", crv: "P-256", d, x: encodeBase64urlNoPadding(point.slice(1, 33)), y: encodeBase64urlNoPadding(point.slice(33)) };
};

async function device() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = encodeBase64urlNoPadding(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
  const auth = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  return { p256dh, auth, privateJwk: (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey };
}

async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
  const publicKey = encodeBase64urlNoPadding(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
  const privateKey = ((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!;
  return { subject: "mailto:push@mentorlink.test", publicKey, privateKey };
}

// An endpoint of the local push service (the doubles' https form of http://127.0.0.1:<port>/dev/push).
const PUSH_ORIGIN = "https://127.0.0.1:8090";
const endpoint = `${PUSH_ORIGIN}/dev/push/send/abc`;

describe("the local push service's decryption", () => {
  it("opens RFC 8291's example message with the example device's keys", async () => {
    expect(
      await decryptPush(decodeBase64urlIgnorePadding(RFC.body), { privateJwk: jwkOf(RFC.uaPublic, RFC.uaPrivate), auth: RFC.auth }),
    ).toBe(RFC.plaintext);
  });

  it("refuses a message that was changed, or is for another device", async () => {
    const changed = decodeBase64urlIgnorePadding(RFC.body);
    changed[changed.length - 1] ^= 0x40;
    await expect(decryptPush(changed, { privateJwk: jwkOf(RFC.uaPublic, RFC.uaPrivate), auth: RFC.auth })).rejects.toThrow(
      /does not decrypt/,
    );
    const other = await device();
    await expect(decryptPush(decodeBase64urlIgnorePadding(RFC.body), { privateJwk: other.privateJwk, auth: other.auth })).rejects.toThrow(
      /does not decrypt/,
    );
  });
});

describe("what production sends (@block65/webcrypto-web-push)", () => {
  it("is one aes128gcm record of 4,096 bytes that the device's keys open, with TTL, urgency and topic", async () => {
    const ua = await device();
    const vapid = await vapidKeys();
    const data = { title: "Session reminder", body: "Your session with Asha Rao starts within the hour." };
    const request = await buildPushPayload(
      { data, options: { ttl: 3600, urgency: "high", topic: "a1b2" } },
      { endpoint, expirationTime: null, keys: { p256dh: ua.p256dh, auth: ua.auth } },
      vapid,
    );
    expect(request.method.toUpperCase()).toBe("POST");
    expect(request.headers).toMatchObject({
      "content-encoding": "aes128gcm",
      ttl: "3600",
      urgency: "high",
      topic: "a1b2",
      "content-length": "4096",
    });
    expect(request.body.byteLength).toBe(4096);
    // RFC 8188 header: a 16-byte salt, record size 4096, and the sender's one-time P-256 key as key id.
    expect([...request.body.slice(16, 21)]).toEqual([0, 0, 0x10, 0, 65]);
    expect(JSON.parse(await decryptPush(request.body, { privateJwk: ua.privateJwk, auth: ua.auth }))).toEqual(data);
  });

  it("signs a VAPID JWT for the push service's origin, valid at most 24 hours, that the push service verifies (RFC 8292)", async () => {
    const ua = await device();
    const vapid = await vapidKeys();
    const request = await buildPushPayload(
      { data: "hi" },
      { endpoint, expirationTime: null, keys: { p256dh: ua.p256dh, auth: ua.auth } },
      vapid,
    );
    const now = Math.floor(Date.now() / 1000);
    expect(await verifyVapid(request.headers.authorization, PUSH_ORIGIN, now)).toEqual({
      subject: vapid.subject,
      key: vapid.publicKey,
    });
    expect(await verifyVapid(request.headers.authorization, "https://fcm.googleapis.com", now)).toMatch(/aud must be/);
    expect(await verifyVapid(request.headers.authorization, PUSH_ORIGIN, now + 13 * 60 * 60)).toMatch(/expired/);
    const other = await vapidKeys();
    const forged = request.headers.authorization.replace(/k=.*$/, `k=${other.publicKey}`);
    expect(await verifyVapid(forged, PUSH_ORIGIN, now)).toMatch(/does not verify/);
    expect(await verifyVapid(null, PUSH_ORIGIN, now)).toMatch(/no vapid/);
  });

  it("refuses an endpoint that is not https", async () => {
    const ua = await device();
    await expect(
      buildPushPayload(
        { data: "hi" },
        { endpoint: "http://localhost/x", expirationTime: null, keys: { p256dh: ua.p256dh, auth: ua.auth } },
        await vapidKeys(),
      ),
    ).rejects.toThrow(/https/);
  });
});
