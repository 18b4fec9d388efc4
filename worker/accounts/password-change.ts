import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors } from "../../db/schema";
import { deliverMailSoon } from "../mail/mail";
import { passwordChangedMail } from "../mail/templates";
import type { WaitUntil } from "../platform/deps";
import { fail } from "../platform/domain-error";
import type { Env } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import { disconnectSignIns } from "../realtime/push";
import { findAccountById } from "./accounts";
import { acceptAttempt, reserveAttempt } from "./login-throttle";
import { type PasswordOwner, passwordChangeStatements } from "./password-set";
import { hashPassword, verifyPassword } from "./passwords";
import { familyOf } from "./sessions";

export const NO_PASSWORD_YET =
  'Your account has no password yet (you signed in with Google). Set one with "Forgot password?" on the sign-in page.';
export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";
export const PASSWORD_UPDATED = "Your password has been changed. Your other sign-ins have been signed out.";

type Deps = { db: Db; env: Env; waitUntil: WaitUntil; address: string };

/**
 * A signed-in user changes their password from their profile: the current password is required
 * (each try is counted like a sign-in before it is checked), every other sign-in of the account ends, this one stays.
 * The batch applies only if the stored hash is still the one checked (no lost update).
 */
export async function changePassword(
  deps: Deps,
  owner: PasswordOwner,
  sessionId: string,
  input: { currentPassword: string; password: string },
  now: number,
) {
  const { db } = deps;
  const account = await findAccountById(db, owner.role, owner.userId);
  if (!account) fail("UNAUTHORIZED", "This account no longer exists. Please sign in again.");
  if (!account.passwordHash) fail("BAD_REQUEST", NO_PASSWORD_YET);
  const table = owner.role === "mentee" ? mentees : mentors;
  const [row] = await db.select({ email: table.email }).from(table).where(eq(table.id, owner.userId));
  const subject = { role: owner.role, email: row.email, address: deps.address };
  const refused = await reserveAttempt(db, "login", subject, now);
  if (refused) fail("TOO_MANY_REQUESTS", refused);
  if (!(await verifyPassword(input.currentPassword, account.passwordHash)))
    fail("BAD_REQUEST", WRONG_CURRENT_PASSWORD, { field: "currentPassword" });
  await acceptAttempt(db, "login", subject, now);
  const passwordHash = await hashPassword(input.password);
  const unchanged = sql`exists (select 1 from ${table} where ${table.id} = ${owner.userId} and ${table.passwordHash} = ${account.passwordHash})`;
  const [, , updated] = await db.batch(
    passwordChangeStatements(
      db,
      owner,
      passwordHash,
      unchanged,
      passwordChangedMail(row.email, owner.role, "profile", mailLocale(account.locale)),
      now,
      sessionId,
    ),
  );
  if ((updated as { rowsAffected: number }).rowsAffected === 0)
    fail("CONFLICT", "Your password was changed elsewhere a moment ago. Please sign in again.");
  deliverMailSoon(deps.env, deps.waitUntil);
  // The change ended every other sign-in: their sockets close too; this one's stay open (as a reset closes all of them).
  const current = await familyOf(db, sessionId);
  if (current) disconnectSignIns(deps, { role: owner.role, id: owner.userId }, { except: current }, "password-changed", new Date(now));
  return { message: PASSWORD_UPDATED };
}
