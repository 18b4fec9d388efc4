import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, type MailAttachment, type MailLane } from "../../db/schema";
import type { NoticeKind } from "../../shared/notification-kinds";
import type { Role } from "../../shared/role";
import { channelOffSql } from "../notifications/notice-preferences";
import { currentTime } from "../platform/clock";
import { dbFor } from "../platform/database";
import type { WaitUntil } from "../platform/deps";
import { type Env, readConfig } from "../platform/env";
import { handMailToQueues, MAIL_CLAIM_MS } from "./queued-delivery";

/**
 * The one mail service (ADR 0011). Every feature that sends e-mail does two things:
 *
 *   1. puts `mailInsert(db, message)` into the SAME `db.batch([...])` as the change that causes the
 *      mail, so the mail exists exactly when the change committed;
 *   2. after the batch, calls `deliverMailSoon(env, waitUntil)` to send it right after the response.
 *
 `deliverMailSoon` hands the new rows to a queue (ADR 0031): `urgent` for what a person waits for, `bulk` for what may
 * wait its turn. The queue's consumer sends them in batches, retries failures with backoff through the queue, and parks
 * what keeps failing (`mail/queued-delivery.ts`); the minute cron only sweeps up rows no queue carries. Each delivery
 * claims its rows with one conditional update first, so two deliveries never both send a row; the provider also
 * receives the row id as its idempotency key. Locally (no MAIL_API_KEY) nothing leaves the machine and /dev/mailbox
 * lists every message from its own copy.
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
   * The notice it carries (ADR 0027): when its recipient turned e-mail off for this kind, the row is
   * written muted (`muted_at`) and never delivered. Security and payment mail names none: always sent.
   */
  notice?: { to: { role: Role; id: string }; kind: NoticeKind };
  /** Its queue: `urgent` unless said otherwise, so a new kind of mail never waits behind bulk by mistake (ADR 0031). */
  lane?: MailLane;
  /** A mail about one session (a reminder): sent only while that session is still booked at this start. */
  aboutSession?: { slotId: string; startAt: Date };
  /**
   * Its row id, when the writer delivers it itself (the reminders' consumer): the row is written handed on and claimed
   * by that writer (its first attempt), so no other delivery takes it meanwhile.
   */
  id?: string;
};

export { MAX_MAIL_ATTEMPTS, mailBackoffMs, REDACTED_TEXT, REDACTED_UNDELIVERED_TEXT } from "./queued-delivery";

const attachmentsOf = (message: MailMessage) => (message.attachments?.length ? message.attachments : null);

/** `muted_at` of a new row: now when its recipient turned e-mail off for its kind, else null (in the insert itself, so the row is always written). */
const mutedAt = (message: MailMessage, now: number) =>
  message.notice
    ? sql`case when ${channelOffSql(message.notice.to.role, message.notice.to.id, message.notice.kind, "email")} then ${now} end`
    : sql`null`;

/** The batchable insert of one message. Put it in the same `db.batch` as the change that causes it. */
export function mailInsert(db: Db, message: MailMessage, now: number) {
  // A row its writer delivers itself is written one way only, claimed (`mailInsertWhen`).
  if (message.id) return mailInsertWhen(db, message, sql`1`, now);
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
      lane: message.lane ?? "urgent",
      sessionSlotId: message.aboutSession?.slotId ?? null,
      sessionStartAt: message.aboutSession?.startAt ?? null,
    })
    .onConflictDoNothing();
}

/**
 * Like `mailInsert`, but the message is written only when `condition` (an SQL boolean evaluated in
 * the same transaction) holds, e.g. "the code row this batch inserts exists". Batchable.
 */
export function mailInsertWhen(db: Db, message: MailMessage, condition: SQL, now: number) {
  const attachments = attachmentsOf(message);
  // A row its writer delivers itself is written claimed by it (its first attempt), unless muted: a muted row is never tried.
  const claimed = Boolean(message.id);
  return db.run(sql`insert into email_outbox (id, "to", subject, body, html, dedupe_key, sensitive, attachments, attempts, next_attempt_at, created_at, muted_at, lane, session_slot_id, session_start_at, queued_at, claimed_until)
    select ${message.id ?? crypto.randomUUID()}, ${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${message.dedupeKey ?? null}, ${message.sensitive ? 1 : 0}, ${attachments ? JSON.stringify(attachments) : null},
      ${claimed ? sql`case when muted is null then 1 else 0 end` : 0}, 0, ${now}, muted,
      ${message.lane ?? "urgent"}, ${message.aboutSession?.slotId ?? null}, ${message.aboutSession?.startAt.getTime() ?? null}, ${claimed ? now : null}, ${claimed ? sql`case when muted is null then ${now + MAIL_CLAIM_MS} end` : null}
    from (select ${mutedAt(message, now)} as muted)
    where ${condition}
    on conflict do nothing`);
}

/**
 * After the batch that wrote mail committed: hands every row no queue carries yet to its queue, after the response.
 * One conditional update takes the rows, so concurrent requests each hand on their own; a failure leaves them to the
 * minute sweep (ADR 0031).
 */
export function deliverMailSoon(env: Env, waitUntil: WaitUntil): void {
  waitUntil(
    handMailToQueues(dbFor(readConfig(env)), env, currentTime()).catch((error: unknown) =>
      console.error("mail not handed to its queue; the minute sweep does", error),
    ),
  );
}
