import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";

/**
 * What a browser does with a Web Push message before its service worker sees it: RFC 8291's
 * aes128gcm decryption with the subscription's private key and auth secret. Development only: the
 * local push service plays the browser's part for the subscriptions it made itself, so a person
 * reads what was sent (/dev/push) and the service worker gets the same data a `push` event gives.
 * Production never decrypts: it encrypts with @block65/webcrypto-web-push (ADR 0027). Checked
 * against RFC 8291's own example (tests/unit/web-push-crypto.test.ts).
 */

const encoder = new TextEncoder();
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) },
      key,
      bytes * 8,
    ),
  );
}

export class PushDecryptError extends Error {}

/** The receiving device's keys: its ECDH private key (JWK with d, x, y) and its auth secret (base64url). */
export type DeviceKeys = { privateJwk: JsonWebKey; auth: string };

/**
 * Decrypts one aes128gcm body (RFC 8188 §2: salt, record size, the sender's key as key id, one
 * record) to its text. Throws PushDecryptError when it is not for these keys or not well formed.
 */
export async function decryptPush(body: Uint8Array, keys: DeviceKeys): Promise<string> {
  if (body.length < 21 + 65 + 17) throw new PushDecryptError("too short for an aes128gcm message");
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20];
  if (idLength !== 65) throw new PushDecryptError("the key id is not a P-256 public key (RFC 8291 §4)");
  const senderKey = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (record.length > recordSize) throw new PushDecryptError("more than one record (RFC 8291 §4 allows one)");
  const { x, y } = keys.privateJwk;
  if (!x || !y) throw new PushDecryptError("the device key has no public part");
  const devicePublic = join(new Uint8Array([4]), decodeBase64urlIgnorePadding(x), decodeBase64urlIgnorePadding(y));
  const privateKey = await crypto.subtle.importKey("jwk", keys.privateJwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, privateKey, 256));
  // RFC 8291 §3.3-3.4: the input keying material from the auth secret, then the key and nonce from the salt.
  const ikm = await hkdf(
    decodeBase64urlIgnorePadding(keys.auth),
    shared,
    join(encoder.encode("WebPush: info\0"), devicePublic, senderKey),
    32,
  );
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", new Uint8Array(cek), "AES-GCM", false, ["decrypt"]);
  let padded: Uint8Array;
  try {
    padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: new Uint8Array(nonce) }, aes, record));
  } catch {
    throw new PushDecryptError("it does not decrypt with this device's keys");
  }
  // RFC 8188 §2: the text, then the delimiter 0x02 of the last record, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new PushDecryptError("no last-record delimiter");
  return new TextDecoder("utf-8", { fatal: true }).decode(padded.slice(0, end));
}
