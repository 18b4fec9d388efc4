import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type EmailProofPurpose, emailProofs, mentees, mentors } from "../../db/schema";
import { deliverMailSoon, type MailMessage, mailInsertWhen } from "../mail/mail";
import { EMAIL_LINK_HOURS, reapplyMail, verifyEmailMail } from "../mail/templates";
import type { WaitUntil } from "../platform/deps";
import { fail } from "../platform/domain-error";
import type { Env } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import { randomSecret, sha256Base64url } from "./tokens";

/**
 * Proof that a person reads an address (ADR 0019): a mailed link carrying `id.secret`,
 * of which only the SHA-256 of the secret is kept. Opening it marks the account's address as
 * proven (`email_verified_at`), and for a rejected mentor's new application also applies it.
 * A proven address is what lets Google sign-in link to a password account (services/google/sign-in.ts).
 */

export type ProofOwner = {
  role: "mentee" | "mentor";
  userId: string;
  email: string /** The account's language: its mail is written in it (ADR 0027); none is English. */;
  locale?: string | null;
};
export type ProofDeps = { db: Db; env: Env; waitUntil: WaitUntil; origin: string };

export const EMAIL_LINK_TTL_MS = EMAIL_LINK_HOURS * 60 * 60 * 1000;
/** At most one link a minute and five an hour per account and purpose (checked inside the write). */
export const LINK_MIN_INTERVAL_MS = 60 * 1000;
export const LINKS_PER_HOUR = 5;
/** The SPA page that reads the token from the fragment (never sent to a server or a log) and confirms it. */
export const VERIFY_EMAIL_PAGE = "/auth/verify-email";

export const PROOF_MESSAGES = {
  sent: (email: string) => `We sent a confirmation link to ${email}. It works for ${EMAIL_LINK_HOURS} hours.`,
  tooSoon: "A link was sent less than a minute ago (or five in the last hour). Please check your inbox, or try again later.",
  alreadyVerified: "Your e-mail address is already confirmed.",
  invalid: "This link is not valid, has expired or was already used. Sign in and ask for a new one.",
  verified: "Your e-mail address is confirmed. Thank you!",
  reapplied: "Your new application is submitted. We will get back to you after verifying your details.",
  notRejected: "This application can no longer be changed: it is already under review or was decided.",
} as const;

const tableOf = (role: ProofOwner["role"]) => (role === "mentee" ? mentees : mentors);

type NewProof = { purpose: EmailProofPurpose; owner: ProofOwner; payload?: unknown; mail: (link: string) => MailMessage };

/**
 * The batchable statements that create a proof and its mail, both only when the account has not
 * asked for one of this purpose within the last minute, nor five times within the hour. Older live
 * links of the same purpose stop working. Returns the statements and the proof's id.
 */
async function proofStatements(db: Db, deps: Pick<ProofDeps, "origin">, proof: NewProof, now: number) {
  const id = crypto.randomUUID();
  const secret = randomSecret();
  const { owner } = proof;
  const mine = sql`user_role = ${owner.role} and user_id = ${owner.userId} and purpose = ${proof.purpose}`;
  const allowed = sql`((select count(*) from email_proofs where ${mine} and created_at > ${now - 60 * 60 * 1000}) < ${LINKS_PER_HOUR}
    and not exists (select 1 from email_proofs where ${mine} and created_at > ${now - LINK_MIN_INTERVAL_MS}))`;
  const payload = proof.payload === undefined ? null : JSON.stringify(proof.payload);
  const link = `${deps.origin}${VERIFY_EMAIL_PAGE}#token=${id}.${secret}`;
  const statements = [
    db.run(sql`update email_proofs set consumed_at = ${now} where ${mine} and consumed_at is null and ${allowed}`),
    db.run(sql`insert into email_proofs (id, purpose, user_role, user_id, email, secret_hash, payload, expires_at, created_at)
      select ${id}, ${proof.purpose}, ${owner.role}, ${owner.userId}, ${owner.email}, ${await sha256Base64url(secret)}, ${payload}, ${now + EMAIL_LINK_TTL_MS}, ${now}
      where ${allowed}`),
    // Written exactly when the proof row was (same transaction, evaluated after the insert).
    mailInsertWhen(db, proof.mail(link), sql`exists (select 1 from email_proofs where id = ${id})`, now),
  ] as const;
  return { id, statements };
}

/** A verification link for an account created just now: its statements go into the sign-up's own batch. */
export function verificationStatements(db: Db, deps: Pick<ProofDeps, "origin">, owner: ProofOwner, now: number) {
  return proofStatements(
    db,
    deps,
    { purpose: "verify_email", owner, mail: (link) => verifyEmailMail(owner.email, owner.role, link, mailLocale(owner.locale)) },
    now,
  );
}

const sentNow = (db: Db, id: string) => db.$count(emailProofs, eq(emailProofs.id, id)).then((n) => n > 0);

/** "Verify your e-mail" for a signed-in mentee or mentor (the banner's button). */
export async function sendVerificationLink(deps: ProofDeps, owner: Omit<ProofOwner, "email">, now: number): Promise<{ message: string }> {
  const table = tableOf(owner.role);
  const [row] = await deps.db
    .select({ email: table.email, verifiedAt: table.emailVerifiedAt, locale: table.locale })
    .from(table)
    .where(eq(table.id, owner.userId));
  if (!row) fail("UNAUTHORIZED", "This account no longer exists. Please sign in again.");
  if (row.verifiedAt) return { message: PROOF_MESSAGES.alreadyVerified };
  const { id, statements } = await verificationStatements(deps.db, deps, { ...owner, email: row.email, locale: row.locale }, now);
  await deps.db.batch(statements);
  if (!(await sentNow(deps.db, id))) fail("TOO_MANY_REQUESTS", PROOF_MESSAGES.tooSoon);
  deliverMailSoon(deps.env, deps.waitUntil);
  return { message: PROOF_MESSAGES.sent(row.email) };
}

/**
 * A rejected mentor's new application waits for its link: the fields, the new password's
 * hash and the skills are kept with the proof and applied only when the address's owner opens it.
 * Past the per-hour limit no new link is written, and the answer is the same.
 */
export async function holdReapplication(deps: ProofDeps, owner: ProofOwner, payload: unknown, now: number): Promise<void> {
  const { statements } = await proofStatements(
    deps.db,
    deps,
    { purpose: "reapply", owner, payload, mail: (link) => reapplyMail(owner.email, link, mailLocale(owner.locale)) },
    now,
  );
  await deps.db.batch(statements);
  deliverMailSoon(deps.env, deps.waitUntil);
}

/** What opening a link did. */
export type ProofOutcome = { purpose: EmailProofPurpose; role: ProofOwner["role"]; message: string };

/** Applies a held re-application: statements guarded by `condition`, returning the updated row first. */
export type ReapplyStatements = (db: Db, mentorId: string, payload: unknown, condition: SQL, now: Date) => readonly unknown[];

/**
 * Opens a link: checks it, then in one batch guarded by "the proof is still live" marks the address
 * as proven (only while the account still has that address) and, for a re-application, applies it;
 * the proof is consumed last, so two openings at once cannot both apply it.
 */
export async function confirmEmailProof(db: Db, token: string, now: number, applyReapplication: ReapplyStatements): Promise<ProofOutcome> {
  const [id, secret] = token.split(".");
  const proof = id && secret ? await db.query.emailProofs.findFirst({ where: eq(emailProofs.id, id) }) : undefined;
  if (!proof || proof.secretHash !== (await sha256Base64url(secret)) || proof.consumedAt || proof.expiresAt.getTime() <= now) {
    fail("BAD_REQUEST", PROOF_MESSAGES.invalid);
  }
  const role = proof.userRole === "mentor" ? "mentor" : "mentee";
  const table = tableOf(role);
  const live = and(eq(emailProofs.id, proof.id), sql`${emailProofs.consumedAt} is null`, sql`${emailProofs.expiresAt} > ${now}`);
  const stillLive = sql`exists (select 1 from email_proofs where ${live})`;
  const reapply =
    proof.purpose === "reapply" ? applyReapplication(db, proof.userId, JSON.parse(proof.payload ?? "null"), stillLive, new Date(now)) : [];
  const results = (await db.batch([
    ...(reapply as []),
    db
      .update(table)
      .set({ emailVerifiedAt: new Date(now) })
      .where(and(eq(table.id, proof.userId), eq(table.email, proof.email), sql`${table.emailVerifiedAt} is null`, stillLive)),
    db
      .update(emailProofs)
      .set({ consumedAt: new Date(now) })
      .where(live)
      .returning({ id: emailProofs.id }),
  ])) as unknown[];
  const consumed = results[results.length - 1] as { id: string }[];
  if (consumed.length === 0) fail("BAD_REQUEST", PROOF_MESSAGES.invalid);
  if (proof.purpose === "reapply") {
    const applied = results[0] as { id: string }[];
    if (applied.length === 0) fail("CONFLICT", PROOF_MESSAGES.notRejected);
    return { purpose: "reapply", role, message: PROOF_MESSAGES.reapplied };
  }
  return { purpose: "verify_email", role, message: PROOF_MESSAGES.verified };
}

/** Whether the account's address is proven, for the "verify your e-mail" banner. */
export async function emailStatus(db: Db, owner: Omit<ProofOwner, "email">): Promise<{ email: string; verified: boolean }> {
  const table = tableOf(owner.role);
  const [row] = await db.select({ email: table.email, verifiedAt: table.emailVerifiedAt }).from(table).where(eq(table.id, owner.userId));
  if (!row) fail("UNAUTHORIZED", "This account no longer exists. Please sign in again.");
  return { email: row.email, verified: row.verifiedAt !== null };
}
