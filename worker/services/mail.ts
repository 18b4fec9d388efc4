import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Env } from "../env";

/**
 * STUB of the product's mail service (issue 12 builds the real one on another branch, with the same
 * two names). A mail is a row in the outbox, written in the same batch as the change it reports.
 */
export function mailInsert(db: Db, mail: { to: string; subject: string; text: string; html?: string }) {
  return db.insert(emailOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
}

/** Delivers queued mail after the response. The stub leaves mail in the outbox (the dev mailbox reads it). */
export function deliverMailSoon(_env: Env, _waitUntil: (p: Promise<unknown>) => void): void {}
