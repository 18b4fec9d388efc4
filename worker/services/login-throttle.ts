import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginAttempts, type Role } from "../../db/schema";
import { currentTime } from "./clock";
import { LOCAL_ADDRESS } from "./client-address";

/**
 * Throttling that cannot be turned against an account's owner (issue 12). Failures are counted per
 * (account, client address) and per client address across accounts, never per account alone: an
 * attacker's guesses from one address do not refuse the owner's right password from another, while
 * guessing from one address and spraying one password over many accounts both end in 429.
 * Each counter is one row of `login_attempts` with a fixed window that starts at its first failure.
 */

export type ThrottleScope = "login" | "otp-request" | "otp-verify";
export type ThrottleSubject = { role: Role; email: string; address: string };

type Limit = { max: number; windowMs: number; message: string };
const MINUTE = 60 * 1000;

export const THROTTLE_LIMITS: Record<ThrottleScope, { pair: Limit; address: Limit }> = {
  login: {
    pair: { max: 5, windowMs: 15 * MINUTE, message: "Too many failed sign-in attempts. Please wait 15 minutes and try again." },
    address: { max: 50, windowMs: 15 * MINUTE, message: "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again." },
  },
  "otp-request": {
    pair: { max: 10, windowMs: 60 * MINUTE, message: "Too many code requests for this e-mail. Please wait an hour and try again." },
    address: { max: 30, windowMs: 60 * MINUTE, message: "Too many code requests from your network. Please wait an hour and try again." },
  },
  "otp-verify": {
    pair: { max: 10, windowMs: 15 * MINUTE, message: "Too many wrong codes. Please wait 15 minutes and try again." },
    address: { max: 50, windowMs: 15 * MINUTE, message: "Too many wrong codes from your network. Please wait 15 minutes and try again." },
  },
};

/** Kept for callers and tests that name the sign-in message. */
export const TOO_MANY_LOGINS_MESSAGE = THROTTLE_LIMITS.login.pair.message;

const pairKey = (scope: ThrottleScope, s: ThrottleSubject) => `${scope}:pair:${s.role}:${s.email}:${s.address}`;
const addressKey = (scope: ThrottleScope, s: ThrottleSubject) => `${scope}:address:${s.address}`;
/** Without a real client address (local runs), only the pair is counted (services/client-address.ts). */
const keysOf = (scope: ThrottleScope, s: ThrottleSubject) =>
  s.address === LOCAL_ADDRESS ? [{ key: pairKey(scope, s), limit: THROTTLE_LIMITS[scope].pair }] : [
    { key: pairKey(scope, s), limit: THROTTLE_LIMITS[scope].pair },
    { key: addressKey(scope, s), limit: THROTTLE_LIMITS[scope].address },
  ];

/** The 429 message when the pair or the address has used up its budget in the current window; null otherwise. One read. */
export async function throttleRefusal(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now = currentTime()): Promise<string | null> {
  const keys = keysOf(scope, subject);
  const rows = await db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys.map((k) => k.key)));
  for (const { key, limit } of keys) {
    const row = rows.find((r) => r.key === key);
    if (row && row.failures >= limit.max && row.windowStart.getTime() > now - limit.windowMs) return limit.message;
  }
  return null;
}

/** Counts one failure (or, for code requests, one request) on the pair and the address: one batch of upserts. */
export async function recordFailure(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now = currentTime()): Promise<void> {
  const [first, ...rest] = keysOf(scope, subject).map(({ key, limit }) => {
    const windowFloor = now - limit.windowMs;
    return db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then ${now} else ${loginAttempts.windowStart} end`,
        },
      });
  });
  await db.batch([first, ...rest]);
}

/** A success clears the pair only: the address keeps its count, so an attacker cannot reset it with an account of their own. */
export async function clearPair(db: Db, scope: ThrottleScope, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [pairKey(scope, subject)]));
}

/** Drops counters whose window has long passed (a cron job). */
export async function pruneThrottle(db: Db, now = currentTime()): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.windowStart} < ${now - 2 * 60 * MINUTE}`);
}
