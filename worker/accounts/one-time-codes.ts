import { encodeBase64urlNoPadding } from "@oslojs/encoding";

/** Password-reset codes: the rules and the pure parts, unit-tested. */

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries after which a code dies. */
export const MAX_CODE_ATTEMPTS = 5;
/** Per account: at most one new code a minute and five an hour. */
export const CODE_MIN_INTERVAL_MS = 60 * 1000;
export const CODES_PER_HOUR = 5;

/** Six decimal digits from the CSPRNG, uniformly (rejection sampling, no modulo bias). */
export function generateCode(random: (buffer: Uint32Array) => Uint32Array = (b) => crypto.getRandomValues(b)): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n] = random(new Uint32Array(1));
    if (n < limit) return String(n % 1_000_000).padStart(CODE_LENGTH, "0");
  }
}

const keys = new Map<string, Promise<CryptoKey>>();
const hmacKey = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(`one-time-code:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
};

/**
 * What is stored instead of the code: an HMAC with a server secret over the code row's id and the
 * code. A million possible codes are easy to try against a plain hash; without the secret, a leaked
 * table reveals nothing, and the same code in two rows hashes differently.
 */
export async function hashCode(secret: string, codeId: string, code: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(`${codeId}:${code}`));
  return encodeBase64urlNoPadding(new Uint8Array(mac));
}

export type CodeRow = { attempts: number; expiresAt: Date; consumedAt: Date | null };
export type CodeState = "live" | "used" | "expired" | "exhausted";

/** Used wins over expired and exhausted: a code that worked says so. */
export function codeState(row: CodeRow, now: number): CodeState {
  if (row.consumedAt) return "used";
  if (row.attempts >= MAX_CODE_ATTEMPTS) return "exhausted";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "live";
}

export const CODE_MESSAGES = {
  sent: "If an account exists for this e-mail, we have sent a 6-digit code to it. It is valid for 10 minutes.",
  wrong: (left: number) =>
    left === 1
      ? "That code is not right. 1 try left."
      : left > 0
        ? `That code is not right. ${left} tries left.`
        : "That code is not right, and it has now stopped working. Please request a new code.",
  unknown: "That code is not right. Check the latest e-mail we sent, or request a new code.",
  used: "This code has already been used. Please request a new code.",
  expired: "This code has expired. Please request a new code.",
  exhausted: "This code has had too many wrong tries. Please request a new code.",
  changed: "Password Changed Successfully..!! Please login again",
} as const;
