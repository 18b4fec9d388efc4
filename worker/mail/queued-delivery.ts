import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, type MailLane } from "../../db/schema";
import { runWithConcurrencyLimit } from "../platform/concurrency-limit";
import type { Env, MailJob } from "../platform/env";
import type { MailTransport, OutgoingMail } from "../platform/ports/mail-transport";
import { sendJobs } from "../platform/queues";

/**
 * Mail carried by the queues (ADR 0031). The outbox row is the truth; a queue message names one row. A delivery claims
 * its rows in one conditional update, sends them a few at a time, and records every outcome in one batch: sent
 * (a sensitive row redacted in that same update), failed (its error and the instant of its next attempt, which the
 * queue's delayed retry keeps), or parked after the last attempt (`dead_at`, and a `dead_letters` row an operator sees).
 */

/** After this many attempts a message is parked with its last error (a sensitive one redacted). */
export const MAX_MAIL_ATTEMPTS = 10;
/** How long one delivery holds a claimed row; a crashed delivery's row is free again after it. */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
/** What a sensitive message's text becomes once its secret has done its work. */
export const REDACTED_TEXT = "[redacted after delivery]";
export const REDACTED_UNDELIVERED_TEXT = "[redacted: not delivered]";
/**
 * Provider calls in flight per delivery. Workers open at most six connections at once per invocation and queue the
 * rest, so in production a batch's sends overlap six at a time and the queue's consumers scale out for more.
 */
export const MAIL_SEND_CONCURRENCY = 100;
/** A row handed to a queue and still unsent after this long was lost on the way (a failed send): the sweep hands it on again. */
export const MAIL_QUEUE_LOST_MS = 15 * 60 * 1000;
/** At most this many rows are handed on by one call; the next call (or the sweep) takes the rest. */
const HAND_ON_LIMIT = 1000;

/** Wait before attempt `attempts + 1`: 2 s, 8 s, 32 s, ... (x4), capped at 6 h; about 15 hours from the first to the last. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(2_000 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

const queueOf = (env: Env, lane: MailLane) => (lane === "bulk" ? env.MAIL_BULK : env.MAIL_URGENT);

/** Sends one queue message per row, urgent ones first; the rows are already marked as handed on. */
export async function sendMailJobs(env: Env, rows: { id: string; lane: MailLane }[], delaySeconds = 0): Promise<void> {
  const job = (id: string): MailJob => ({ kind: "mail", id });
  const urgent = rows.filter((r) => r.lane !== "bulk").map((r) => job(r.id));
  const bulk = rows.filter((r) => r.lane === "bulk").map((r) => job(r.id));
  if (urgent.length) await sendJobs(queueOf(env, "urgent"), urgent, delaySeconds);
  if (bulk.length) await sendJobs(queueOf(env, "bulk"), bulk, delaySeconds);
}

/**
 * Hands the rows no queue carries yet (and, with `lostBefore`, rows handed on so long ago that their message was lost)
 * to their queues. The rows are taken by one conditional update, so two callers never hand on the same row; when the
 * queue refuses, they are released for the next call or the minute sweep.
 */
export async function handMailToQueues(db: Db, env: Env, now: number, lostBefore?: number): Promise<number> {
  const lost = lostBefore === undefined ? sql`0` : sql`(queued_at < ${lostBefore} and (claimed_until is null or claimed_until <= ${now}))`;
  const taken = await db.all<{ id: string; lane: MailLane }>(sql`update email_outbox set queued_at = ${now}
    where id in (select id from email_outbox
      where sent_at is null and muted_at is null and dead_at is null and attempts < ${MAX_MAIL_ATTEMPTS} and (queued_at is null or ${lost})
      order by lane = 'urgent' desc, created_at limit ${HAND_ON_LIMIT})
    returning id, lane`);
  if (taken.length === 0) return 0;
  try {
    await sendMailJobs(env, taken);
  } catch (error) {
    const ids = taken.map((r) => r.id);
    await db.run(sql`update email_outbox set queued_at = null where ${inArray(emailOutbox.id, ids)} and sent_at is null`);
    throw error;
  }
  return taken.length;
}

export type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  body: string;
  html: string | null;
  attachments: string | null;
  sensitive: number;
  attempts: number;
  created_at: number;
  lane: MailLane;
};
/** The columns of a `ClaimedRow`, as a delivery sends them. */
const CLAIMED_COLUMNS = sql.raw(`id, "to", subject, body, html, attachments, sensitive, attempts, created_at, lane`);

/** What became of one row: sent (or nothing to do), or to be tried again after `retryInMs`. */
export type MailOutcome = { id: string; retryInMs?: number };

/**
 * The claim of rows `ids` by one delivery: unsent, not muted, not parked, not held by another delivery, attempts left,
 * and a mail about a session only while that session still stands at the same start. Rows whose session is gone are
 * muted in the same trip, so nobody tries them again.
 */
function claimStatements(db: Db, ids: string[], now: number) {
  const listed = inArray(emailOutbox.id, ids);
  const sessionStands = sql`(session_slot_id is null or exists (select 1 from time_slots s where s.id = email_outbox.session_slot_id and s.state = 'booked' and s.start_at = email_outbox.session_start_at))`;
  return [
    db.run(sql`update email_outbox set muted_at = ${now}, last_error = 'the session was cancelled or moved before this went out'
      where ${listed} and sent_at is null and muted_at is null and not ${sessionStands}`),
    db.all<ClaimedRow>(sql`update email_outbox set claimed_until = ${now + MAIL_CLAIM_MS}, attempts = attempts + 1
      where ${listed} and sent_at is null and muted_at is null and dead_at is null and attempts < ${MAX_MAIL_ATTEMPTS}
        and (claimed_until is null or claimed_until <= ${now}) and ${sessionStands}
      returning ${CLAIMED_COLUMNS}`),
  ] as const;
}

/** The claimed rows `ids` as a delivery sends them, read in the writer's own batch (muted ones left out). */
export function claimedRowsQuery(db: Db, ids: string[]) {
  return db.all<ClaimedRow>(
    sql`select ${CLAIMED_COLUMNS} from email_outbox where ${inArray(emailOutbox.id, ids)} and sent_at is null and muted_at is null`,
  );
}

const outgoing = (row: ClaimedRow): OutgoingMail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.body,
  html: row.html,
  attachments: row.attachments ? JSON.parse(row.attachments) : [],
  createdAt: new Date(row.created_at),
});

/**
 * Sends claimed rows and records every outcome in one batch. A row out of attempts is parked: `dead_at`, a sensitive
 * one redacted, and a `dead_letters` row so an operator sees it.
 */
export async function sendClaimedMail(db: Db, transport: MailTransport, rows: ClaimedRow[], now: () => number): Promise<MailOutcome[]> {
  const results: { row: ClaimedRow; error?: string; retryAfterMs?: number }[] = [];
  await runWithConcurrencyLimit(rows, MAIL_SEND_CONCURRENCY, async (row) => {
    try {
      await transport.send(outgoing(row));
      results.push({ row });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAfter = (error as { retryAfterMs?: unknown }).retryAfterMs;
      results.push({ row, error: message.slice(0, 500), retryAfterMs: typeof retryAfter === "number" ? retryAfter : undefined });
    }
  });
  if (results.length === 0) return [];
  const at = now();
  // The sent rows in one statement for each kind (a sensitive one redacted), the failed ones each with its own error.
  const sentIds = (sensitive: boolean) =>
    results.filter((r) => r.error === undefined && Boolean(r.row.sensitive) === sensitive).map((r) => r.row.id);
  const markSent = (ids: string[], redact: SQL) =>
    ids.length
      ? [
          db.run(
            sql`update email_outbox set sent_at = ${at}, claimed_until = null, last_error = null ${redact} where ${inArray(emailOutbox.id, ids)}`,
          ),
        ]
      : [];
  const failed = results.flatMap(({ row, error, retryAfterMs }) => {
    if (error === undefined) return [];
    if (row.attempts >= MAX_MAIL_ATTEMPTS) {
      const redact = row.sensitive ? sql`, body = ${REDACTED_UNDELIVERED_TEXT}, html = null` : sql``;
      return [
        db.run(sql`update email_outbox set claimed_until = null, last_error = ${error}, dead_at = ${at} ${redact} where id = ${row.id}`),
      ];
    }
    const wait = Math.max(mailBackoffMs(row.attempts), retryAfterMs ?? 0);
    return [
      db.run(sql`update email_outbox set claimed_until = null, last_error = ${error}, next_attempt_at = ${at + wait} where id = ${row.id}`),
    ];
  });
  const statements = [
    ...markSent(sentIds(false), sql``),
    ...markSent(sentIds(true), sql`, body = ${REDACTED_TEXT}, html = null`),
    ...failed,
  ];
  const parked = results.filter((r) => r.error !== undefined && r.row.attempts >= MAX_MAIL_ATTEMPTS);
  const deadLetters = parked.map(({ row }) =>
    db.run(
      sql`insert into dead_letters (id, queue, body, attempts, created_at) values (${crypto.randomUUID()}, ${`mail-${row.lane}`}, ${JSON.stringify({ kind: "mail", id: row.id })}, ${row.attempts}, ${at})`,
    ),
  );
  await db.batch([statements[0], ...statements.slice(1), ...deadLetters]);
  for (const { row, error } of results)
    if (error !== undefined) console.warn(`mail ${row.id} not delivered (attempt ${row.attempts}): ${error}`);
  return results.map(({ row, error, retryAfterMs }) =>
    error === undefined || row.attempts >= MAX_MAIL_ATTEMPTS
      ? { id: row.id }
      : { id: row.id, retryInMs: Math.max(mailBackoffMs(row.attempts), retryAfterMs ?? 0) },
  );
}

/**
 * Delivers the rows `ids` (a queue batch): claims them in one trip, sends, records. Ids that are not claimable (sent
 * already, muted, parked, held by another delivery, or never written) come back as done, so a duplicate queue message
 * sends nothing.
 */
export async function deliverMail(db: Db, transport: MailTransport, ids: string[], now: () => number): Promise<MailOutcome[]> {
  if (ids.length === 0) return [];
  const [, claimed] = await db.batch(claimStatements(db, ids, now()));
  const outcomes = await sendClaimedMail(db, transport, claimed, now);
  const tried = new Set(outcomes.map((o) => o.id));
  return [...outcomes, ...ids.filter((id) => !tried.has(id)).map((id) => ({ id }))];
}
