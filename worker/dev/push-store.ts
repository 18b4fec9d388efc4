import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The local push service's own tables (development only, ADR 0027): the subscriptions it handed out
 * and the messages it received. Like the mailbox's copy, they belong to the stand-in: created on
 * first use, never by a migration, never in production.
 */
const CREATE_SUBSCRIPTIONS = sql`create table if not exists dev_push_subscriptions (
  id text primary key, application_server_key text not null, p256dh text not null, auth text not null,
  private_jwk text, answer integer, created_at integer not null)`;
const CREATE_MESSAGES = sql`create table if not exists dev_push_messages (
  id text primary key, subscription_id text not null, received_at integer not null, ttl integer not null, urgency text, topic text,
  vapid_subject text not null, body text not null, plaintext text, problem text, delivered_at integer)`;

const ready = (db: Db) => db.batch([db.run(CREATE_SUBSCRIPTIONS), db.run(CREATE_MESSAGES)]);

export type DevSubscription = {
  id: string;
  applicationServerKey: string;
  p256dh: string;
  auth: string;
  privateJwk: JsonWebKey | null;
  answer: number | null;
  createdAt: number;
};
export type DevMessage = {
  id: string;
  subscriptionId: string;
  receivedAt: number;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapidSubject: string;
  /** The encrypted body as received (base64url). */
  body: string;
  /** The decrypted text, when this service holds the device's keys. */
  plaintext: string | null;
  /** Why it could not be decrypted. */
  problem: string | null;
  /** When the device's service worker got it. */
  deliveredAt: number | null;
};

type SubscriptionRow = {
  id: string;
  application_server_key: string;
  p256dh: string;
  auth: string;
  private_jwk: string | null;
  answer: number | null;
  created_at: number;
};
type MessageRow = {
  id: string;
  subscription_id: string;
  received_at: number;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapid_subject: string;
  body: string;
  plaintext: string | null;
  problem: string | null;
  delivered_at: number | null;
};

const subscriptionOf = (r: SubscriptionRow): DevSubscription => ({
  id: r.id,
  applicationServerKey: r.application_server_key,
  p256dh: r.p256dh,
  auth: r.auth,
  privateJwk: r.private_jwk ? (JSON.parse(r.private_jwk) as JsonWebKey) : null,
  answer: r.answer === null ? null : Number(r.answer),
  createdAt: Number(r.created_at),
});
const messageOf = (r: MessageRow): DevMessage => ({
  id: r.id,
  subscriptionId: r.subscription_id,
  receivedAt: Number(r.received_at),
  ttl: Number(r.ttl),
  urgency: r.urgency,
  topic: r.topic,
  vapidSubject: r.vapid_subject,
  body: r.body,
  plaintext: r.plaintext,
  problem: r.problem,
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
});

export async function saveDevSubscription(db: Db, s: Omit<DevSubscription, "answer">): Promise<void> {
  await ready(db);
  await db.run(sql`insert into dev_push_subscriptions (id, application_server_key, p256dh, auth, private_jwk, answer, created_at)
    values (${s.id}, ${s.applicationServerKey}, ${s.p256dh}, ${s.auth}, ${s.privateJwk ? JSON.stringify(s.privateJwk) : null}, null, ${s.createdAt})`);
}

export async function devSubscription(db: Db, id: string): Promise<DevSubscription | null> {
  await ready(db);
  const [row] = await db.all<SubscriptionRow>(sql`select * from dev_push_subscriptions where id = ${id}`);
  return row ? subscriptionOf(row) : null;
}

/** What the service answers every push to this subscription from now on (410 once the browser dropped it; null: accept). */
export async function setDevAnswer(db: Db, id: string, answer: number | null): Promise<boolean> {
  await ready(db);
  const result = await db.run(sql`update dev_push_subscriptions set answer = ${answer} where id = ${id}`);
  return result.rowsAffected === 1;
}

/** Keeps a received message; a waiting message with the same topic is replaced (RFC 8030 §5.4). */
export async function keepDevMessage(db: Db, m: DevMessage): Promise<void> {
  await ready(db);
  await db.batch([
    db.run(
      sql`delete from dev_push_messages where subscription_id = ${m.subscriptionId} and topic is not null and topic = ${m.topic} and delivered_at is null`,
    ),
    db.run(sql`insert into dev_push_messages (id, subscription_id, received_at, ttl, urgency, topic, vapid_subject, body, plaintext, problem, delivered_at)
      values (${m.id}, ${m.subscriptionId}, ${m.receivedAt}, ${m.ttl}, ${m.urgency}, ${m.topic}, ${m.vapidSubject}, ${m.body}, ${m.plaintext}, ${m.problem}, null)`),
  ]);
}

/**
 * The device fetches what waits for it, as a browser does from its push service: every message still
 * within its TTL, oldest first, each handed over once (the claim is one update).
 */
export async function claimDevMessages(db: Db, subscriptionId: string, now: number): Promise<DevMessage[]> {
  await ready(db);
  const rows = await db.all<MessageRow>(sql`update dev_push_messages set delivered_at = ${now}
    where subscription_id = ${subscriptionId} and delivered_at is null and received_at + ttl * 1000 >= ${now}
    returning *`);
  return rows.map(messageOf).sort((a, b) => a.receivedAt - b.receivedAt);
}

/** The newest messages first, of one subscription or all. */
export async function devMessages(db: Db, options: { subscriptionId?: string; limit: number }): Promise<DevMessage[]> {
  await ready(db);
  const rows = await db.all<MessageRow>(sql`select * from dev_push_messages
    ${options.subscriptionId ? sql`where subscription_id = ${options.subscriptionId}` : sql``} order by received_at desc, rowid desc limit ${options.limit}`);
  return rows.map(messageOf);
}
