import { and, eq, gt, inArray, like, lt, lte, notLike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginAttempts, type Role } from "../../db/schema";
import { LOCAL_ADDRESS } from "../platform/client-address";

/**
 * Throttling that cannot be turned against an account's owner (ADR 0005). Failures are counted per
 * (account, client network) and per client network across accounts: an attacker's guesses from one
 * network do not refuse the owner's right password from another, while guessing from one network and
 * spraying one password over many accounts both end in 429. The network is an IPv4 address or an
 * IPv6 /64 (services/client-address.ts), so one subscriber's many IPv6 addresses share one counter.
 * Sign-ins are also counted per account across every network, a large budget an hour, against guessing
 * spread over many networks. It never shuts the owner out: networks the account signed in from in the
 * last 30 days are not counted or refused by it, and a password reset (a code sent to her mailbox)
 * clears it. Each counter is one row of `login_attempts` with a fixed window that starts at its first
 * attempt; a known network is a row of its own whose window start is its last sign-in.
 */

export type ThrottleScope = "login" | "otp-request" | "otp-verify" | "sign-up";
export type ThrottleSubject = { role: Role; email: string; address: string };

type Limit = { max: number; windowMs: number; message: string };
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** How long a network the account signed in from stays exempt from the account-wide counter. */
export const KNOWN_NETWORK_MS = 30 * DAY;

export const THROTTLE_LIMITS: Record<ThrottleScope, { pair: Limit; address: Limit; account?: Limit }> = {
  login: {
    pair: { max: 5, windowMs: 15 * MINUTE, message: "Too many failed sign-in attempts. Please wait 15 minutes and try again." },
    address: {
      max: 50,
      windowMs: 15 * MINUTE,
      message: "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.",
    },
    account: {
      max: 50,
      windowMs: 60 * MINUTE,
      message:
        "Too many failed sign-in attempts on this account from new networks. Please try again in an hour, or reset your password with a code sent to your e-mail.",
    },
  },
  "otp-request": {
    pair: { max: 10, windowMs: 60 * MINUTE, message: "Too many code requests for this e-mail. Please wait an hour and try again." },
    address: { max: 30, windowMs: 60 * MINUTE, message: "Too many code requests from your network. Please wait an hour and try again." },
  },
  // Every sign-up counts, kept or refused: an address is a mailbox that gets a welcome and a link, so a network may not
  // make accounts (and mail strangers) in bulk.
  "sign-up": {
    pair: { max: 5, windowMs: 60 * MINUTE, message: "Too many sign-ups for this e-mail. Please wait an hour and try again." },
    address: { max: 20, windowMs: 60 * MINUTE, message: "Too many sign-ups from your network. Please wait an hour and try again." },
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
const accountKey = (scope: ThrottleScope, s: ThrottleSubject) => `${scope}:account:${s.role}:${s.email}`;
/** A network this account signed in from; its window start is the last sign-in (kept apart from the counters by its prefix). */
const KNOWN = "known:";
const knownKey = (s: ThrottleSubject) => `${KNOWN}${s.role}:${s.email}:${s.address}`;

/** Without a real client address (local runs), no network-wide counter (services/client-address.ts). */
function keysOf(scope: ThrottleScope, s: ThrottleSubject, knownNetwork: boolean) {
  const limits = THROTTLE_LIMITS[scope];
  return [
    { key: pairKey(scope, s), limit: limits.pair, kind: "pair" as const },
    ...(s.address === LOCAL_ADDRESS ? [] : [{ key: addressKey(scope, s), limit: limits.address, kind: "address" as const }]),
    ...(limits.account && !knownNetwork ? [{ key: accountKey(scope, s), limit: limits.account, kind: "account" as const }] : []),
  ];
}

/** Whether the account signed in from this network in the last 30 days (only sign-ins have an account-wide counter). */
async function isKnownNetwork(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now: number): Promise<boolean> {
  if (!THROTTLE_LIMITS[scope].account) return false;
  const [row] = await db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, knownKey(subject)), gt(loginAttempts.windowStart, new Date(now - KNOWN_NETWORK_MS))));
  return Boolean(row);
}

/**
 * Reserves one attempt on the pair and the address before the credential is checked, so that at
 * most `max` attempts per window are ever evaluated however many arrive at once. Each
 * counter is one upsert that counts and refuses in the same statement: its update applies only
 * while the counter is under its limit or its window has passed, and no row back means refused.
 * Returns the 429 message when refused (an attempt refused by one counter is given back to the
 * others, so a refusal counts nowhere), null when the attempt may go ahead.
 */
export async function reserveAttempt(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now: number): Promise<string | null> {
  const keys = keysOf(scope, subject, await isKnownNetwork(db, scope, subject, now));
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
  await giveBack(
    db,
    keys.filter((_, i) => reserved[i]).map((k) => k.key),
    now,
  );
  return keys[refused].limit.message;
}

/**
 * The attempt succeeded: the pair starts afresh, the network and the account get their reservations
 * back, so many good sign-ins behind one shared address (an office, a carrier's NAT) never add up to
 * a lock, and a sign-in's network is known to the account from now on (the account-wide counter
 * leaves it alone). From a known network no account reservation was made; giving one back then takes
 * at most one failure off the account's counter, which is harmless next to its budget.
 */
export async function acceptAttempt(db: Db, scope: ThrottleScope, subject: ThrottleSubject, now: number): Promise<void> {
  const given = keysOf(scope, subject, false)
    .filter((k) => k.kind !== "pair")
    .map((k) => k.key);
  await clearPair(db, scope, subject);
  await giveBack(db, given, now);
  if (THROTTLE_LIMITS[scope].account) {
    await db
      .insert(loginAttempts)
      .values({ key: knownKey(subject), failures: 0, windowStart: new Date(now) })
      .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: new Date(now) } });
  }
}

/** Takes one reservation back; only within the window it was made in (a newer window owes nothing). */
async function giveBack(db: Db, keys: string[], reservedAt: number): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginAttempts)
    .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
    .where(and(inArray(loginAttempts.key, keys), lte(loginAttempts.windowStart, new Date(reservedAt))));
}

/** Clears the pair's counter (after a success). */
export async function clearPair(db: Db, scope: ThrottleScope, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [pairKey(scope, subject)]));
}

/**
 * After a password reset the owner has proven her mailbox: her sign-in pair from this network and the
 * account-wide counter start afresh, so guessing spread over many networks cannot keep her out.
 */
export async function clearAfterReset(db: Db, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [pairKey("login", subject), accountKey("login", subject)]));
}

/** Drops counters whose window has long passed, and networks not signed in from for 30 days (a cron job). */
export async function pruneThrottle(db: Db, now: number): Promise<void> {
  const known = `${KNOWN}%`;
  await db
    .delete(loginAttempts)
    .where(
      or(
        and(notLike(loginAttempts.key, known), lt(loginAttempts.windowStart, new Date(now - 2 * 60 * MINUTE))),
        and(like(loginAttempts.key, known), lt(loginAttempts.windowStart, new Date(now - KNOWN_NETWORK_MS))),
      ),
    );
}
