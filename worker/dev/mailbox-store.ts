import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { currentTime } from "../services/clock";
import type { MailTransport, OutgoingMail } from "../services/mail/transport";

/**
 * The development mailbox's own copy of every message the local transport delivers (ADR 0011,
 * issue 20). The outbox redacts a sensitive message once it is delivered; in development a person
 * (or a test) still reads its code here. The table belongs to the local stand-in, not to the
 * product: the stand-in creates it on first use, no migration does, and production never has it.
 */
const CREATE_TABLE = sql`create table if not exists dev_mailbox (
  id text primary key, "to" text not null, subject text not null, body text not null, html text,
  created_at integer not null, delivered_at integer not null)`;

export type DevMail = { id: string; to: string; subject: string; text: string; html: string | null; createdAt: Date; sentAt: Date };

/** Keeps a delivered message; a second delivery of the same outbox row keeps one copy. */
export async function keepDevCopy(db: Db, mail: OutgoingMail, deliveredAt: number): Promise<void> {
  await db.batch([
    db.run(CREATE_TABLE),
    db.run(sql`insert into dev_mailbox (id, "to", subject, body, html, created_at, delivered_at)
      values (${mail.id}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.createdAt.getTime()}, ${deliveredAt})
      on conflict (id) do nothing`),
  ]);
}

/**
 * The development transport: nothing leaves the machine, the message is kept in the mailbox's own
 * table, which /dev/mailbox shows (the outbox row may be redacted once delivered).
 */
export function devMailboxTransport(db: Db): MailTransport {
  return { name: "local", send: (mail) => keepDevCopy(db, mail, currentTime()) };
}

type Row = { id: string; to: string; subject: string; body: string; html: string | null; created_at: number; delivered_at: number };

/** The newest copies first, optionally only those to one address. */
export async function devMailboxMessages(db: Db, options: { to?: string; limit: number }): Promise<DevMail[]> {
  await db.run(CREATE_TABLE);
  const rows = await db.all<Row>(sql`select id, "to", subject, body, html, created_at, delivered_at from dev_mailbox
    ${options.to ? sql`where "to" = ${options.to}` : sql``} order by delivered_at desc, rowid desc limit ${options.limit}`);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.body,
    html: r.html,
    createdAt: new Date(Number(r.created_at)),
    sentAt: new Date(Number(r.delivered_at)),
  }));
}
