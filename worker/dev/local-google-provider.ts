import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import type { GoogleIdentity, GoogleProvider } from "../services/google/provider";

/**
 * The local stand-in for Google (development only, no credentials): /dev/google/authorize lets a
 * person pick or type an identity and returns a code to the same callback. The code is the chosen
 * identity and the PKCE challenge, signed with the Worker's secret and valid 5 minutes; the
 * exchange checks the signature, the expiry and the PKCE verifier, as Google's token endpoint does.
 */
type LocalCode = GoogleIdentity & { challenge: string; exp: number };

const keys = new Map<string, Promise<CryptoKey>>();
const key = (secret: string) => {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", new TextEncoder().encode(`local-google:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, k);
  }
  return k;
};

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export const pkceChallenge = (verifier: string) => encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

export const LOCAL_CODE_TTL_MS = 5 * 60 * 1000;

export async function signLocalCode(secret: string, identity: GoogleIdentity, challenge: string, now = Date.now()): Promise<string> {
  const payload = new TextEncoder().encode(JSON.stringify({ ...identity, challenge, exp: now + LOCAL_CODE_TTL_MS } satisfies LocalCode));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), payload));
  return `${encodeBase64urlNoPadding(payload)}.${encodeBase64urlNoPadding(mac)}`;
}

async function openLocalCode(secret: string, code: string, verifier: string): Promise<GoogleIdentity> {
  const [payloadPart, macPart] = code.split(".");
  if (!payloadPart || !macPart) throw new Error("malformed local code");
  const payload = decodeBase64urlIgnorePadding(payloadPart);
  const valid = await crypto.subtle.verify("HMAC", await key(secret), new Uint8Array(decodeBase64urlIgnorePadding(macPart)), new Uint8Array(payload));
  if (!valid) throw new Error("bad local code signature");
  const { challenge, exp, ...identity } = JSON.parse(new TextDecoder().decode(payload)) as LocalCode;
  if (exp < Date.now()) throw new Error("local code expired");
  if (pkceChallenge(verifier) !== challenge) throw new Error("PKCE verifier does not match");
  return identity;
}

export function localGoogle(secret: string, origin: string, redirectUri: string): GoogleProvider {
  return {
    kind: "local",
    authorizationUrl(state, verifier) {
      const url = new URL("/dev/google/authorize", origin);
      url.searchParams.set("state", state);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("code_challenge", pkceChallenge(verifier));
      url.searchParams.set("code_challenge_method", "S256");
      return url;
    },
    identity: (code, verifier) => openLocalCode(secret, code, verifier),
  };
}
