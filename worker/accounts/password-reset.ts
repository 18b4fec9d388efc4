import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneTimeCodes } from "../../db/schema";
import { rotateCalendarFeedStatement } from "../calendars/calendar-feed";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { passwordChangedMail, resetCodeMail } from "../mail/templates";
import type { WaitUntil } from "../platform/deps";
import { fail } from "../platform/domain-error";
import type { Env } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import { disconnectSignIns } from "../realtime/push";
import { BLOCKED_MESSAGE, findAccountByEmail } from "./accounts";
import { acceptAttempt, clearAfterReset, reserveAttempt, type ThrottleSubject } from "./login-throttle";
import {
  CODE_MESSAGES,
  CODE_MIN_INTERVAL_MS,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  codeState,
  generateCode,
  hashCode,
  MAX_CODE_ATTEMPTS,
} from "./one-time-codes";
import { addressProvenStatement, passwordChangeStatements } from "./password-set";
import { hashPassword } from "./passwords";

export type ResetRole = "mentee" | "mentor";
export type ResetDeps = { db: Db; env: Env; secret: string; waitUntil: WaitUntil; address: string };

const PURPOSE = "password_reset";

/**
 * Step 1 (SPEC §7 sent-otp). Always the same answer, whether or not the account exists, and about
 * the same time: an unknown, blocked or pending e-mail runs the same write batch with a condition that is
 * false. A new code invalidates the account's older ones; at most one a minute and five an hour
 * (checked inside the batch, so two requests at once cannot both pass). Beyond that the answer is
 * still the same, and no mail is sent. Per-address limits (throttle) answer 429 for any e-mail.
 */
export async function requestResetCode(deps: ResetDeps, role: ResetRole, email: string, now: number): Promise<{ message: string }> {
  const { db } = deps;
  const subject: ThrottleSubject = { role, email, address: deps.address };
  // Every request counts, reserved before any work so that a burst cannot pass the limit.
  const refused = await reserveAttempt(db, "otp-request", subject, now);
  if (refused) fail("TOO_MANY_REQUESTS", refused);

  const account = await findAccountByEmail(db, role, email);
  // A pending applicant cannot sign in yet; a code sent now would be refused after acceptance while
  // holding back a new one, so pending is answered as blocked is: the same words, no code.
  const eligible = Boolean(account && !account.isBlocked && account.status !== "pending");
  const userId = account?.id ?? "";
  const id = crypto.randomUUID();
  const code = generateCode();
  const mine = sql`user_role = ${role} and user_id = ${userId} and purpose = ${PURPOSE}`;
  const allowed = sql`(${eligible ? 1 : 0} = 1
    and (select count(*) from one_time_codes where ${mine} and created_at > ${now - 60 * 60 * 1000}) < ${CODES_PER_HOUR}
    and not exists (select 1 from one_time_codes where ${mine} and created_at > ${now - CODE_MIN_INTERVAL_MS}))`;
  await db.batch([
    db.run(sql`update one_time_codes set consumed_at = ${now} where ${mine} and consumed_at is null and ${allowed}`),
    db.run(sql`insert into one_time_codes (id, user_role, user_id, purpose, code_hash, attempts, expires_at, created_at)
      select ${id}, ${role}, ${userId}, ${PURPOSE}, ${await hashCode(deps.secret, id, code)}, 0, ${now + CODE_TTL_MS}, ${now} where ${allowed}`),
    // The mail is written exactly when the code row was (evaluated after the insert, same transaction).
    mailInsertWhen(
      db,
      resetCodeMail(email, role, code, mailLocale(account?.locale)),
      sql`exists (select 1 from one_time_codes where id = ${id})`,
      now,
    ),
  ]);
  // Always, so that the work after the answer does not tell a known e-mail from an unknown one either.
  deliverMailSoon(deps.env, deps.waitUntil);
  return { message: CODE_MESSAGES.sent };
}

export type ResetInput = { email: string; otp: string; password: string };

/**
 * Step 2 (SPEC §7 verify-otp): checks the account's latest code and, when it is right and live, sets
 * the new password, ends every sign-in of the account and writes the "password changed" mail, in one
 * batch guarded by "the code is still live"; the code is consumed last in the same batch, so two
 * verifications at once cannot both succeed. Then the account's open tabs are closed.
 */
export async function resetPassword(deps: ResetDeps, role: ResetRole, input: ResetInput, now: number): Promise<{ message: string }> {
  const { db } = deps;
  const subject: ThrottleSubject = { role, email: input.email, address: deps.address };
  const refused = await reserveAttempt(db, "otp-verify", subject, now);
  if (refused) fail("TOO_MANY_REQUESTS", refused);

  const account = await findAccountByEmail(db, role, input.email);
  const [code] = account
    ? await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userRole, role), eq(oneTimeCodes.userId, account.id), eq(oneTimeCodes.purpose, PURPOSE)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1)
    : [];
  if (!account || !code) fail("BAD_REQUEST", CODE_MESSAGES.unknown);
  const state = codeState(code, now);
  if (state !== "live") fail("BAD_REQUEST", CODE_MESSAGES[state]);
  if (code.codeHash !== (await hashCode(deps.secret, code.id, input.otp))) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, code.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: oneTimeCodes.attempts });
    fail("BAD_REQUEST", counted ? CODE_MESSAGES.wrong(MAX_CODE_ATTEMPTS - counted.attempts) : CODE_MESSAGES.exhausted);
  }
  if (account.isBlocked) fail("FORBIDDEN", BLOCKED_MESSAGE, { blocked: true });

  const passwordHash = await hashPassword(input.password);
  const live = and(
    eq(oneTimeCodes.id, code.id),
    isNull(oneTimeCodes.consumedAt),
    lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
    gt(oneTimeCodes.expiresAt, new Date(now)),
  );
  const stillLive = sql`exists (select 1 from one_time_codes where ${live})`;
  const owner = { role, userId: account.id };
  const results = await db.batch([
    ...passwordChangeStatements(
      db,
      owner,
      passwordHash,
      stillLive,
      passwordChangedMail(input.email, role, "reset", mailLocale(account.locale)),
      now,
    ),
    // A mailed code proves the address too (ADR 0019).
    addressProvenStatement(db, owner, stillLive, now),
    // Signed out everywhere includes the calendar feed's secret URL (ADR 0005).
    rotateCalendarFeedStatement(db, { role, id: account.id }, new Date(now), stillLive),
    db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date(now) })
      .where(live)
      .returning({ id: oneTimeCodes.id }),
  ]);
  const consumed = results[results.length - 1] as { id: string }[];
  if (consumed.length === 0) fail("BAD_REQUEST", CODE_MESSAGES.used);

  await acceptAttempt(db, "otp-verify", subject, now);
  await clearAfterReset(db, subject);
  disconnectSignIns(deps, { role, id: account.id }, {}, "password-changed", new Date(now));
  deliverMailSoon(deps.env, deps.waitUntil);
  return { message: CODE_MESSAGES.changed };
}
