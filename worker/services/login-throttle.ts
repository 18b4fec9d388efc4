import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginAttempts, type Role } from "../../db/schema";

export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_LOGINS_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

const keyFor = (role: Role, email: string) => `${role}:${email}`;

/** True while the role+e-mail has used up its failed attempts in the current window. */
export async function isLoginThrottled(db: Db, role: Role, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, keyFor(role, email)));
  return Boolean(row && row.failures >= MAX_FAILED_LOGINS && row.windowStart.getTime() > now - LOGIN_WINDOW_MS);
}

/** One statement: starts a new window when the old one has passed, otherwise counts up. */
export async function recordFailedLogin(db: Db, role: Role, email: string, now = Date.now()): Promise<void> {
  const windowFloor = now - LOGIN_WINDOW_MS;
  await db
    .insert(loginAttempts)
    .values({ key: keyFor(role, email), failures: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then ${now} else ${loginAttempts.windowStart} end`,
      },
    });
}

export async function clearFailedLogins(db: Db, role: Role, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keyFor(role, email)));
}
