import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { MailAttachment } from "../../db/schema";
import type { OutgoingMail } from "../platform/ports/mail-transport";

/**
 * The local mail provider's copy of every message the Worker sends it (ADR 0011, ADR 0033).
 * The outbox redacts a sensitive message once it is delivered; in development a person
 * (or a test) still reads its code here. The table belongs to the local stand-in, not to the
 * product: the stand-in creates it on first use, no migration does, and production never has it.
 */
const CREATE_TABLE = sql`create table if not exists dev_mailbox (
  id text primary key, "to" text not null, subject text not null, body text not null, html text,
  created_at integer not null, delivered_at integer not null)`;
/** A message's files (a booking's .ics), in their own table so a mailbox made before them needs no change. */
const CREATE_FILES = sql`create table if not exists dev_mailbox_files (
  mail_id text not null, position integer not null, filename text not null, content_type text not null, content text not null,
  primary key (mail_id, position))`;

export type DevMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  createdAt: Date;
  sentAt: Date;
};

/** Keeps a delivered message; a second delivery of the same outbox row keeps one copy. */
export async function keepDevCopy(db: Db, mail: OutgoingMail, deliveredAt: number): Promise<void> {
  await db.batch([
    db.run(CREATE_TABLE),
    db.run(CREATE_FILES),
    db.run(sql`insert into dev_mailbox (id, "to", subject, body, html, created_at, delivered_at)
      values (${mail.id}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.createdAt.getTime()}, ${deliveredAt})
      on conflict (id) do nothing`),
    db.run(sql`insert into dev_mailbox_files (mail_id, position, filename, content_type, content)
      select ${mail.id}, key, value ->> 'filename', value ->> 'contentType', value ->> 'content' from json_each(${JSON.stringify(mail.attachments)})
      where true on conflict do nothing`),
  ]);
}

type FileRow = { mail_id: string; filename: string; content_type: string; content: string };
type Row = { id: string; to: string; subject: string; body: string; html: string | null; created_at: number; delivered_at: number };

/** The newest copies first, optionally only those to one address (or the one with this id). */
export async function devMailboxMessages(db: Db, options: { to?: string; id?: string; limit: number }): Promise<DevMail[]> {
  await db.batch([db.run(CREATE_TABLE), db.run(CREATE_FILES)]);
  const rows = await db.all<Row>(sql`select id, "to", subject, body, html, created_at, delivered_at from dev_mailbox
    ${options.id ? sql`where id = ${options.id}` : options.to ? sql`where "to" = ${options.to}` : sql``} order by delivered_at desc, rowid desc limit ${options.limit}`);
  const files = rows.length
    ? await db.all<FileRow>(sql`select mail_id, filename, content_type, content from dev_mailbox_files
        where mail_id in (select value from json_each(${JSON.stringify(rows.map((r) => r.id))})) order by mail_id, position`)
    : [];
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.body,
    html: r.html,
    attachments: files
      .filter((f) => f.mail_id === r.id)
      .map((f) => ({ filename: f.filename, contentType: f.content_type, content: f.content })),
    createdAt: new Date(Number(r.created_at)),
    sentAt: new Date(Number(r.delivered_at)),
  }));
}

/** One kept message (for its HTML view and its files), or undefined. */
export async function devMailboxMessage(db: Db, id: string): Promise<DevMail | undefined> {
  return (await devMailboxMessages(db, { id, limit: 1 }))[0];
}
