import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Db } from "../../db/client";
import { localEndpointBase } from "../notifications/web-push/endpoints";
import { decryptPush } from "./push-decrypt";
import { devSubscription, keepDevMessage, saveDevSubscription } from "./push-store";

/**
 * The local push service (ADR 0027, ADR 0033): what Google's, Mozilla's or Apple's push service is to
 * a browser, so Web Push works with no network. It runs in the doubles' server beside the Worker
 * (worker/dev/doubles.ts), never inside it. It hands out subscriptions (keys it makes itself, or keys
 * a test brings; endpoints `https://<its address>/dev/push/send/<id>`: a push endpoint is https, and
 * the Worker's development transport sends them to its plain-http address, `localEndpointBase`),
 * receives the Worker's encrypted, VAPID-signed POSTs over HTTP exactly as a real one does (RFC 8030
 * and 8292: TTL, Urgency, Topic, `Authorization: vapid t=…, k=…` for its endpoints' origin, checked
 * against the subscription's application server key, at most 4,096 bytes of aes128gcm), keeps them,
 * and plays the browser's part for its own subscriptions: it decrypts them so /dev/push shows what was
 * sent and the app's tab hands them to the service worker.
 */

const MAX_BODY_BYTES = 4096;
const DAY_S = 24 * 60 * 60;

const problem = (status: number, reason: string) => Response.json({ reason }, { status });

const bytes = (value: string) => {
  try {
    return decodeBase64urlIgnorePadding(value);
  } catch {
    return null;
  }
};

/** A new subscription, as a browser's `pushManager.subscribe()` returns one (`toJSON()`), plus its id here. */
export type DevSubscriptionJson = { id: string; endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/**
 * Subscribes a device: with `keys` (a test's own), this service can only keep what it receives;
 * without, it makes the device's keys itself and keeps the private one to decrypt for the device.
 */
export async function createDevSubscription(
  db: Db,
  /** This service's base URL (`http://127.0.0.1:<port>/dev/push`): the endpoint is under it. */
  base: string,
  applicationServerKey: string,
  keys?: { p256dh: string; auth: string },
): Promise<DevSubscriptionJson> {
  const id = crypto.randomUUID();
  let device: { p256dh: string; auth: string; privateJwk: JsonWebKey | null };
  if (keys) device = { ...keys, privateJwk: null };
  else {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
    const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
    device = {
      p256dh: encodeBase64urlNoPadding(publicKey),
      auth: encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16))),
      privateJwk,
    };
  }
  await saveDevSubscription(db, {
    id,
    applicationServerKey,
    p256dh: device.p256dh,
    auth: device.auth,
    privateJwk: device.privateJwk,
    createdAt: Date.now(),
  });
  return {
    id,
    endpoint: `${localEndpointBase(base)}/send/${id}`,
    expirationTime: null,
    keys: { p256dh: device.p256dh, auth: device.auth },
  };
}

type Vapid = { subject: string; key: string };

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by k, for this
 * push service (`aud`), expiring within 24 hours (`exp`), with a contact (`sub`).
 */
export async function verifyVapid(header: string | null, audience: string, nowSeconds: number): Promise<Vapid | string> {
  const params = /^vapid\s+(.+)$/i.exec(header ?? "")?.[1];
  if (!params) return "no vapid Authorization header";
  const fields = Object.fromEntries(params.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const [head, claims, signature] = (fields.t ?? "").split(".");
  const key = bytes(fields.k ?? "");
  if (!head || !claims || !signature || !key) return "the header needs t (a JWT) and k (the public key)";
  let jwt: { header: { alg?: string }; claims: { aud?: string; exp?: number; sub?: string } };
  try {
    jwt = { header: JSON.parse(new TextDecoder().decode(bytes(head)!)), claims: JSON.parse(new TextDecoder().decode(bytes(claims)!)) };
  } catch {
    return "the JWT is not well formed";
  }
  if (jwt.header.alg !== "ES256") return "the JWT must be ES256";
  let valid: boolean;
  try {
    const publicKey = await crypto.subtle.importKey("raw", new Uint8Array(key), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      publicKey,
      new Uint8Array(bytes(signature) ?? []),
      new TextEncoder().encode(`${head}.${claims}`),
    );
  } catch {
    valid = false;
  }
  if (!valid) return "the JWT's signature does not verify with k";
  if (jwt.claims.aud !== audience) return `the JWT's aud must be ${audience}`;
  if (typeof jwt.claims.exp !== "number" || jwt.claims.exp <= nowSeconds) return "the JWT has expired";
  if (jwt.claims.exp > nowSeconds + DAY_S) return "the JWT's exp is more than 24 hours away";
  if (!/^(mailto:|https:)/.test(jwt.claims.sub ?? "")) return "the JWT's sub must be a mailto: or https: contact";
  return { subject: jwt.claims.sub!, key: fields.k! };
}

/**
 * One push message arriving at subscription `id`'s endpoint: checked as a push service checks it, kept,
 * 201. `audience`: this service's origin, which the VAPID JWT must name (RFC 8292 §2: the endpoint's origin).
 */
export async function receivePush(db: Db, audience: string, id: string, request: Request, now = Date.now()): Promise<Response> {
  const subscription = id ? await devSubscription(db, id) : null;
  if (!subscription) return problem(404, "no such subscription");
  if (subscription.answer) return problem(subscription.answer, "this subscription is gone (the browser unsubscribed)");
  const ttl = request.headers.get("ttl");
  if (!ttl || !/^\d+$/.test(ttl)) return problem(400, "a TTL header is required (RFC 8030 §5.2)");
  const urgency = request.headers.get("urgency");
  if (urgency && !["very-low", "low", "normal", "high"].includes(urgency))
    return problem(400, "Urgency must be very-low, low, normal or high");
  const topic = request.headers.get("topic");
  if (topic && !/^[\w-]{1,32}$/.test(topic)) return problem(400, "a Topic is at most 32 base64url characters");
  if (request.headers.get("content-encoding") !== "aes128gcm") return problem(415, "the body must be aes128gcm (RFC 8291)");
  const vapid = await verifyVapid(request.headers.get("authorization"), audience, Math.floor(now / 1000));
  if (typeof vapid === "string") return problem(401, vapid);
  if (vapid.key !== subscription.applicationServerKey) return problem(403, "the VAPID key is not the one this subscription was made for");
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > MAX_BODY_BYTES) return problem(413, "a push message is at most 4096 bytes");
  let plaintext: string | null = null;
  let reason: string | null = null;
  if (subscription.privateJwk) {
    try {
      plaintext = await decryptPush(body, { privateJwk: subscription.privateJwk, auth: subscription.auth });
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  const messageId = crypto.randomUUID();
  await keepDevMessage(db, {
    id: messageId,
    subscriptionId: subscription.id,
    receivedAt: now,
    ttl: Number(ttl),
    urgency,
    topic,
    vapidSubject: vapid.subject,
    body: encodeBase64urlNoPadding(body),
    plaintext,
    problem: reason,
    deliveredAt: null,
  });
  return new Response(null, { status: 201, headers: { location: `/dev/push/messages/${messageId}` } });
}
