import { encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * A watch channel's token, derived from its id with the Worker's secret: Google repeats it on every push
 * (X-Goog-Channel-Token), so a push is known to be for a channel we opened without storing a second
 * secret per channel. A different purpose string keeps it apart from every other use of the secret.
 */
export async function channelToken(secret: string, channelId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`google-calendar-channel:${channelId}`));
  return encodeBase64urlNoPadding(new Uint8Array(mac));
}

/** Compares without stopping at the first difference, so the time taken says nothing of a token. */
export function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Google's channel ids: up to 64 characters of letters, digits, `-`, `_`, `/`, `+`, `=`. */
export const CHANNEL_ID = /^[A-Za-z0-9_\-/+=]{1,64}$/;
