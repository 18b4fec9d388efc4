import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { createJWTSignatureMessage, encodeJWT, JWTRegisteredClaims, parseJWT } from "@oslojs/jwt";
import { isRole, type Role } from "../../shared/role";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessClaims = { sub: string; role: Role; sid: string };

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

async function signClaims(secret: string, claims: Record<string, string>, ttlSeconds: number, now: number): Promise<string> {
  const headerJSON = JSON.stringify({ alg: "HS256", typ: "JWT" });
  const iat = Math.floor(now / 1000);
  const payloadJSON = JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds });
  const message = createJWTSignatureMessage(headerJSON, payloadJSON);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), new Uint8Array(message)));
  return encodeJWT(headerJSON, payloadJSON, signature);
}

/**
 * Tokens this isolate has verified, oldest first: a signed-in page sends one token with each of its calls, and
 * decoding and checking it again took a tenth of a booking's CPU in the Worker (bench/worker-profile.ts, ADR 0017).
 * Only a token whose signature checked out with the same secret is kept, with its expiry, which is checked on
 * every use; the account behind it is still checked on the database with each request.
 */
const verified = new Map<string, { secret: string; payload: Record<string, unknown>; expiresAtMs: number }>();
const VERIFIED_KEPT = 2_000;

/** The payload of a valid, unexpired HS256 token signed with `secret`; null for anything else. */
async function verifiedClaims(secret: string, token: string): Promise<Record<string, unknown> | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) return known.expiresAtMs > Date.now() ? known.payload : null;
  const payload = await checkedClaims(secret, token);
  if (payload) {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, payload, expiresAtMs: (payload.exp as number) * 1000 });
  }
  return payload;
}

async function checkedClaims(secret: string, token: string): Promise<Record<string, unknown> | null> {
  let parsed: ReturnType<typeof parseJWT>;
  try {
    parsed = parseJWT(token);
  } catch {
    return null;
  }
  const [header, payload, signature, message] = parsed;
  if ((header as { alg?: unknown }).alg !== "HS256") return null;
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), new Uint8Array(signature), new Uint8Array(message));
  if (!valid) return null;
  const registered = new JWTRegisteredClaims(payload);
  if (!registered.hasExpiration() || !registered.verifyExpiration()) return null;
  return payload as Record<string, unknown>;
}

/** An HS256 JWT carrying the user id, role and refresh-session id. */
export function signAccessToken(secret: string, claims: AccessClaims, now = Date.now()): Promise<string> {
  return signClaims(secret, claims, ACCESS_TOKEN_TTL_SECONDS, now);
}

/**
 * A short-lived token naming an account for one purpose only (`purpose` is checked on the way
 * back, so it never passes for an access token, which has no `purpose` and needs a `sid`).
 */
export function signPurposeToken(secret: string, purpose: string, sub: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  return signClaims(secret, { sub, purpose }, ttlSeconds, now);
}

/** The account a purpose token names, when it is valid, unexpired and made for `purpose`; else null. */
export async function verifyPurposeToken(secret: string, token: string, purpose: string): Promise<string | null> {
  const claims = await verifiedClaims(secret, token);
  return claims && claims.purpose === purpose && typeof claims.sub === "string" ? claims.sub : null;
}

/** The account a purpose token names and when it was issued (seconds), when it is valid, unexpired and made for `purpose`. */
export async function verifyPurposeTokenIssued(
  secret: string,
  token: string,
  purpose: string,
): Promise<{ sub: string; iat: number } | null> {
  const claims = await verifiedClaims(secret, token);
  if (!claims || claims.purpose !== purpose || typeof claims.sub !== "string" || typeof claims.iat !== "number") return null;
  return { sub: claims.sub, iat: claims.iat };
}

/** The claims of a valid, unexpired access token signed with `secret`; null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  return claimsFor(await verifiedClaims(secret, token), undefined);
}

/** The account, role and sign-in a payload names, when it was made for `purpose` (an access token has none). */
function claimsFor(payload: Record<string, unknown> | null, purpose: string | undefined): AccessClaims | null {
  // A token made for one purpose (a signed-in page's cookie among them) never passes for another, nor for an access token.
  if (!payload || payload.purpose !== purpose) return null;
  const { sub, role, sid } = payload;
  if (typeof sub !== "string" || typeof sid !== "string" || !isRole(role)) return null;
  return { sub, role, sid };
}

/**
 * The token of a signed-in page's cookie (ADR 0028): the account, role and sign-in of an access token, made
 * for drawing that person's pages in the Worker only. It lives as long as a sign-in may (30 days); the sign-in it names
 * is checked on the database with every page, so a sign-out, a block or a password change ends it at once.
 */
export function signPageToken(secret: string, claims: AccessClaims, ttlSeconds: number, now = Date.now()): Promise<string> {
  return signClaims(secret, { ...claims, purpose: PAGE_PURPOSE }, ttlSeconds, now);
}

const PAGE_PURPOSE = "page";

/** The claims of a valid, unexpired page token; null for anything else (an access token among them). */
export async function verifyPageToken(secret: string, token: string): Promise<AccessClaims | null> {
  return claimsFor(await verifiedClaims(secret, token), PAGE_PURPOSE);
}

export function randomSecret(bytes = 32): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Base64url(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return encodeBase64urlNoPadding(new Uint8Array(digest));
}
