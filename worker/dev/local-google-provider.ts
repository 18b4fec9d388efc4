import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * The local Google's codes and access tokens (ADR 0033): the identity a person chose on the consent
 * page, with the PKCE challenge and the redirect URI, signed with the double's own key and valid 5
 * minutes. Signed rather than kept, so any process holding the key (the double, a test) can make and
 * read them. The token endpoint checks the signature, the expiry, the redirect URI and the PKCE
 * verifier, as Google's does.
 */

/** Google's user-info fields (https://openidconnect.googleapis.com/v1/userinfo). */
export type LocalGoogleIdentity = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string | null;
};

/** The OAuth client `npm run dev` and the tests configure the Worker with (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
export const LOCAL_GOOGLE_CLIENT_ID = "local-client.apps.googleusercontent.com";
export const LOCAL_GOOGLE_CLIENT_SECRET = "local-google-secret";
const SIGNING_KEY = "local-google-signing-key";

export type LocalSigned = Signed;
type Signed = LocalGoogleIdentity & {
  kind: "code" | "token";
  challenge: string;
  redirectUri: string;
  exp: number;
  /** The scopes granted (space-separated, as Google writes them); absent for a sign-in's. */
  scope?: string;
  /** A code asked with `access_type=offline`: its exchange also gives a refresh token. */
  offline?: boolean;
  /** An access token's grant (its refresh token), so revoking the grant ends the token too. */
  grant?: string;
  /** When the person approved on the consent page (seconds): the ID token's `auth_time`. */
  auth_time?: number;
};

let key: Promise<CryptoKey> | undefined;
const hmac = () =>
  (key ??= crypto.subtle.importKey("raw", new TextEncoder().encode(SIGNING_KEY), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]));

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export const pkceChallenge = (verifier: string) => encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

export const LOCAL_CODE_TTL_MS = 5 * 60 * 1000;

export async function signLocal(value: Omit<Signed, "exp">, now = Date.now()): Promise<string> {
  const payload = new TextEncoder().encode(JSON.stringify({ ...value, exp: now + LOCAL_CODE_TTL_MS } satisfies Signed));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmac(), payload));
  return `${encodeBase64urlNoPadding(payload)}.${encodeBase64urlNoPadding(mac)}`;
}

/**
 * The ID token the token endpoint answers: Google's claims for our client, with `auth_time`. Signed with the double's
 * key in the JWT form; the Worker reads it without checking the signature, as it may for a token straight from Google.
 */
export async function localIdToken(claims: { sub: string; email: string; auth_time?: number }, now = Date.now()): Promise<string> {
  const header = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
  const iat = Math.floor(now / 1000);
  const body = { iss: "https://accounts.google.com", aud: LOCAL_GOOGLE_CLIENT_ID, iat, exp: iat + 3600, ...claims };
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(body)));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmac(), new TextEncoder().encode(`${header}.${payload}`)));
  return `${header}.${payload}.${encodeBase64urlNoPadding(mac)}`;
}

/** What a code or token says, when it is one of ours, of this kind, and not expired; else null. */
export async function openLocal(value: string, kind: Signed["kind"]): Promise<LocalSigned | null> {
  try {
    const [payloadPart, macPart] = value.split(".");
    if (!payloadPart || !macPart) return null;
    const payload = decodeBase64urlIgnorePadding(payloadPart);
    const valid = await crypto.subtle.verify(
      "HMAC",
      await hmac(),
      new Uint8Array(decodeBase64urlIgnorePadding(macPart)),
      new Uint8Array(payload),
    );
    if (!valid) return null;
    const signed = JSON.parse(new TextDecoder().decode(payload)) as Signed;
    return signed.kind === kind && signed.exp >= Date.now() ? signed : null;
  } catch {
    return null;
  }
}
