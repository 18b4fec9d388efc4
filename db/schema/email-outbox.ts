import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";

/**
 * Which queue carries a message (ADR 0031): `urgent` for what a person waits for (codes, links, sign-in alerts,
 * booking changes), `bulk` for what may wait its turn (welcome, receipts, reminders, digests). Urgent never waits behind bulk.
 */
export const mailLanes = ["urgent", "bulk"] as const;
export type MailLane = (typeof mailLanes)[number];

/** A file attached to an e-mail: its name, MIME type and text content (calendar files are text). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Every e-mail the product sends (ADR 0011). A row is written in the same batch as the change that
 * causes it; the mail service delivers it after the commit and the cron retries it with backoff.
 * A delivery claims the row with a conditional update (`claimed_until`), so two deliveries never
 * send the same row at once; `sent_at` is set once the provider accepted it.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The plain-text body. */
    body: text("body").notNull(),
    html: text("html"),
    /** Optional: a second message with the same key is not written (e.g. one reminder per session). */
    dedupeKey: text("dedupe_key"),
    /** Delivery attempts started so far. */
    attempts: integer("attempts").notNull().default(0),
    /** Not tried again before this instant (backoff after a failure). */
    nextAttemptAt: instant("next_attempt_at").notNull().default(sql`0`),
    /** A delivery holds the row until this instant; after it, a crashed delivery's row may be claimed again. */
    claimedUntil: instant("claimed_until"),
    lastError: text("last_error"),
    /** Carries a secret (a reset code, a verification link): its subject, text and HTML are redacted once delivered or given up. */
    sensitive: flag("sensitive"),
    /** Files sent with the message (a booking's .ics, METHOD:REQUEST or CANCEL), as JSON. */
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>(),
    sentAt: instant("sent_at"),
    /**
     * Set when the recipient had turned e-mail off for this kind of notice (ADR 0027): the row is kept
     * as the record of what was not sent and is never delivered. Written in the same statement as the
     * row, so a batch that chains its mails on `changes() = 1` still sees it written.
     */
    mutedAt: instant("muted_at"),
    /** Its queue (ADR 0031). */
    lane: text("lane", { enum: mailLanes }).notNull().default("urgent"),
    /** When its delivery was handed to the queue; null while nothing carries it (the sweeper hands it on). */
    queuedAt: instant("queued_at"),
    /** Parked after its last attempt failed (the dead-letter queue): an operator sees it and may send it again. */
    deadAt: instant("dead_at"),
    /**
     * A mail about one session (a reminder) is sent only while that session still stands as it was when the mail was
     * written: booked, at this start. Checked when a delivery claims the row, so a cancel or a move after the mail was
     * written, but before it went out, stops it.
     */
    sessionSlotId: text("session_slot_id"),
    sessionStartAt: instant("session_start_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_unqueued_idx").on(t.queuedAt, t.sentAt),
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_due_idx").on(t.sentAt, t.nextAttemptAt),
    uniqueIndex("email_outbox_dedupe_unique").on(t.dedupeKey),
  ],
);
