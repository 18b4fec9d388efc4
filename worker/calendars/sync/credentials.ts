import { type Config, isDevelopment } from "../../platform/env";

/**
 * A calendar account's credentials at rest (ADR 0040): AES-GCM with a fresh 96-bit IV per value, under the
 * Worker secret CALENDAR_KEY, so a copy of the database alone opens no mentor's calendar. Stored as
 * base64url(iv ‖ ciphertext); the connection's id is the additional data, so a value copied onto another
 * connection's row does not decrypt.
 */
const IV_BYTES = 12;
const keys = new Map<string, Promise<CryptoKey>>();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "")), (c) => c.charCodeAt(0));

function keyOf(config: Pick<Config, "CALENDAR_KEY" | "ENVIRONMENT">): Promise<CryptoKey> {
  const secret = config.CALENDAR_KEY;
  if (!secret)
    throw new Error(isDevelopment(config) ? "CALENDAR_KEY is not set (scripts/worker-vars.ts sets one)" : "CALENDAR_KEY is not set");
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", fromBase64Url(secret), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(secret, key);
  }
  return key;
}

export async function encryptCredentials(config: Pick<Config, "CALENDAR_KEY" | "ENVIRONMENT">, connectionId: string, credentials: unknown) {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(credentials));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(connectionId) },
      await keyOf(config),
      plain,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

export async function decryptCredentials<Credentials>(
  config: Pick<Config, "CALENDAR_KEY" | "ENVIRONMENT">,
  connectionId: string,
  stored: string,
): Promise<Credentials> {
  const bytes = fromBase64Url(stored);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(connectionId) },
    await keyOf(config),
    bytes.slice(IV_BYTES),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Credentials;
}
