import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Env } from "../env";

export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * The outbox row of an e-mail, to put in the same `db.batch` as the change it reports, so the mail
 * exists if and only if the change committed. Stands in for the mail service of the account-recovery
 * issue (same two exports); `html` is kept by that service, here only the text body is stored.
 */
export function mailInsert(db: Db, mail: Mail) {
  return db.insert(emailOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
}

/**
 * Starts delivering the outbox after a commit. A no-op in this stand-in: the mail stays in
 * `email_outbox` until the real mail service (delivery, retry cron, dev mailbox) replaces this file.
 */
export function deliverMailSoon(env: Env, waitUntil: (p: Promise<unknown>) => void): void {
  void env;
  void waitUntil;
}
