import { and, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginAttempts, type Role } from "../../db/schema";
import { currentTime } from "./clock";
import { LOCAL_ADDRESS } from "./client-address";

/**
 * Throttling that cannot be turned against an account's owner (issue 12). Failures are counted per
 * (account, client address) and per client address across accounts, never per account alone: an
 * attacker's guesses from one address do not refuse the owner's right password from another, while
 * guessing from one address and spraying one password over many accounts both end in 429.
 * Each counter is one row of `login_attempts` with a fixed window that starts at its first attempt.
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

/**
 * Reserves one attempt on the pair and the address before the credential is checked, so that at
 * most `max` attempts per window are ever evaluated however many arrive at once (issue 20). Each
 * counter is one upsert that counts and refuses in the same statement: its update applies only
 * while the counter is under its limit or its window has passed, and no row back means refused.
 * Returns the 429 message when refused (an attempt refused by one counter is given back to the
 * others, so a refusal counts nowhere), null when the attempt may go ahead.
 */
export async function reserveAttempt(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now = currentTime()): Promise<string | null> {
  const keys = keysOf(scope, subject);
  const [first, ...rest] = keys.map(({ key, limit }) => {
    const windowFloor = now - limit.windowMs;
    const windowPassed = sql`${loginAttempts.windowStart} <= ${windowFloor}`;
    return db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${windowPassed} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${windowPassed} then ${now} else ${loginAttempts.windowStart} end`,
        },
        setWhere: sql`${windowPassed} or ${loginAttempts.failures} < ${limit.max}`,
      })
      .returning({ key: loginAttempts.key });
  });
  const reserved = (await db.batch([first, ...rest])).map((rows) => rows.length > 0);
  const refused = keys.findIndex((_, i) => !reserved[i]);
  if (refused === -1) return null;
  await giveBack(db, keys.filter((_, i) => reserved[i]).map((k) => k.key), now);
  return keys[refused].limit.message;
}

/**
 * The attempt succeeded: the pair starts afresh and the address gets its reservation back, so many
 * good sign-ins behind one shared address (an office, a carrier's NAT) never add up to a lock.
 */
export async function acceptAttempt(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now = currentTime()): Promise<void> {
  const [, address] = keysOf(scope, subject);
  await clearPair(db, scope, subject);
  if (address) await giveBack(db, [address.key], now);
}

/** Takes one reservation back; only within the window it was made in (a newer window owes nothing). */
async function giveBack(db: Db, keys: string[], reservedAt: number): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginAttempts)
    .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
    .where(and(inArray(loginAttempts.key, keys), lte(loginAttempts.windowStart, new Date(reservedAt))));
}

/** Clears the pair's counter (after a success, or a password reset clearing the sign-in pair). */
export async function clearPair(db: Db, scope: ThrottleScope, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [pairKey(scope, subject)]));
}

/** Drops counters whose window has long passed (a cron job). */
export async function pruneThrottle(db: Db, now = currentTime()): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.windowStart} < ${now - 2 * 60 * MINUTE}`);
}
