import { and, asc, eq, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, type MailAttachment } from "../../db/schema";
import { readConfig, type Env } from "../env";
import { dbFor } from "../database";
import type { NoticeKind } from "../../shared/notification-kinds";
import type { Role } from "../../shared/role";
import { currentTime } from "./clock";
import { channelOffSql } from "./notice-preferences";
import type { MailTransport } from "./mail/transport";
import { thirdPartiesOf } from "./third-parties";

/**
 * The one mail service (ADR 0011). Every feature that sends e-mail does two things:
 *
 *   1. puts `mailInsert(db, message)` into the SAME `db.batch([...])` as the change that causes the
 *      mail, so the mail exists exactly when the change committed;
 *   2. after the batch, calls `deliverMailSoon(env, waitUntil)` to send it right after the response.
 *
 * A cron (`scheduled` in worker/index.ts, every minute) retries what failed, with backoff, so a
 * provider outage loses nothing. Each delivery claims its row with a conditional update first, so
 * two deliveries (the request's and the cron's) never both send a row; the provider also receives
 * the row id as its idempotency key. Locally (no MAIL_API_KEY) nothing leaves the machine and
 * /dev/mailbox lists every message from its own copy.
 *
 * A `sensitive` message (a reset code, a verification link) keeps its secret only until it is
 * delivered or given up: the update that records the outcome also redacts its text and HTML.
 */

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain text; always sent. */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
  /** Optional: a second message with the same key is silently not written. */
  dedupeKey?: string;
  /**
   * It carries a secret (a code, a link with a token): the outbox forgets its text and HTML once it
   * is delivered or given up. Its subject stays as the record of what was sent, so it holds no secret.
   */
  sensitive?: boolean;
  /** Files sent with it (a booking's .ics invitation or cancellation). */
  attachments?: MailAttachment[];
  /**
   * The notice it carries (issue 27): when its recipient turned e-mail off for this kind, the row is
   * written muted (`muted_at`) and never delivered. Security and payment mail names none: always sent.
   */
  notice?: { to: { role: Role; id: string }; kind: NoticeKind };
};

/** What a sensitive message's text becomes once its secret has done its work. */
export const REDACTED_TEXT = "[redacted after delivery]";
export const REDACTED_UNDELIVERED_TEXT = "[redacted: not delivered]";

const attachmentsOf = (message: MailMessage) => (message.attachments?.length ? message.attachments : null);

/** `muted_at` of a new row: now when its recipient turned e-mail off for its kind, else null (in the insert itself, so the row is always written). */
const mutedAt = (message: MailMessage, now: number) =>
  message.notice ? sql`case when ${channelOffSql(message.notice.to.role, message.notice.to.id, message.notice.kind, "email")} then ${now} end` : sql`null`;

/** The batchable insert of one message. Put it in the same `db.batch` as the change that causes it. */
export function mailInsert(db: Db, message: MailMessage, now = currentTime()) {
  return db
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
      dedupeKey: message.dedupeKey ?? null,
      sensitive: message.sensitive ?? false,
      attachments: attachmentsOf(message),
      mutedAt: mutedAt(message, now),
    })
    .onConflictDoNothing();
}

/**
 * Like `mailInsert`, but the message is written only when `condition` (an SQL boolean evaluated in
 * the same transaction) holds, e.g. "the code row this batch inserts exists". Batchable.
 */
export function mailInsertWhen(db: Db, message: MailMessage, condition: SQL, now = currentTime()) {
  const attachments = attachmentsOf(message);
  return db.run(sql`insert into email_outbox (id, "to", subject, body, html, dedupe_key, sensitive, attachments, attempts, next_attempt_at, created_at, muted_at)
    select ${crypto.randomUUID()}, ${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${message.dedupeKey ?? null}, ${message.sensitive ? 1 : 0}, ${attachments ? JSON.stringify(attachments) : null}, 0, 0, ${now}, ${mutedAt(message, now)}
    where ${condition}
    on conflict do nothing`);
}

/** Sends what is due right after the response (call after the batch that wrote the mail committed). */
export function deliverMailSoon(env: Env, waitUntil: (promise: Promise<unknown>) => void): void {
  waitUntil(
    deliverDueMail(dbFor(readConfig(env)), thirdPartiesOf(env).mail).catch((error: unknown) => console.error("mail delivery failed; the cron retries it", error)),
  );
}

/** After this many attempts a message stays unsent with its last error (visible in the outbox; a sensitive one redacted). */
export const MAX_MAIL_ATTEMPTS = 10;
/** How long one delivery holds a claimed row; a crashed delivery's row is free again after it. */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
const BATCH_LIMIT = 25;

/** Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, ... capped at 6 h. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export type DeliveryReport = { sent: number; failed: number };

const redacted = (text: string) => ({ body: text, html: null });

/**
 * Delivers due messages: claims each row with a conditional update (only one delivery wins a row),
 * sends it, then marks it sent or schedules the next attempt (redacting a sensitive message in that
 * same update once delivered or out of attempts). Idempotent: running it twice at once sends every
 * message once.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, now = currentTime()): Promise<DeliveryReport> {
  const free = or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, new Date(now)));
  const due = and(isNull(emailOutbox.sentAt), isNull(emailOutbox.mutedAt), lte(emailOutbox.nextAttemptAt, new Date(now)), lt(emailOutbox.attempts, MAX_MAIL_ATTEMPTS), free);
  const candidates = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(due).orderBy(asc(emailOutbox.createdAt)).limit(BATCH_LIMIT);
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (const { id } of candidates) {
    const [row] = await db
      .update(emailOutbox)
      .set({ claimedUntil: new Date(now + MAIL_CLAIM_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, id), due))
      .returning();
    if (!row) continue; // another delivery has it
    try {
      await transport.send({ id: row.id, to: row.to, subject: row.subject, text: row.body, html: row.html, attachments: row.attachments ?? [], createdAt: row.createdAt });
      await db
        .update(emailOutbox)
        .set({ sentAt: new Date(currentTime()), claimedUntil: null, lastError: null, ...(row.sensitive ? redacted(REDACTED_TEXT) : {}) })
        .where(eq(emailOutbox.id, id));
      report.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({
          claimedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(now + mailBackoffMs(row.attempts)),
          ...(row.sensitive && row.attempts >= MAX_MAIL_ATTEMPTS ? redacted(REDACTED_UNDELIVERED_TEXT) : {}),
        })
        .where(eq(emailOutbox.id, id));
      console.warn(`mail ${id} not delivered (attempt ${row.attempts}): ${message}`);
      report.failed++;
    }
  }
  return report;
}
