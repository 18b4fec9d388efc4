import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The local Google Calendar's state (ADR 0033): the grants the consent screen gave (refresh tokens,
 * revocable), each account's calendars, their events with a change counter (sync tokens are built on
 * it) and the watch channels. Tables of the stand-in's own, created on first use, never migrated.
 */
const TABLES = [
  sql`create table if not exists dev_google_grants (refresh_token text primary key, sub text not null, email text not null,
    scope text not null, created_at integer not null, revoked_at integer)`,
  sql`create table if not exists dev_google_calendars (id text primary key, account text not null, summary text not null,
    access_role text not null, is_primary integer not null, time_zone text not null, sync_epoch integer not null default 0)`,
  sql`create table if not exists dev_google_events (calendar_id text not null, id text not null, ical_uid text not null,
    body text not null, status text not null, seq integer not null, primary key (calendar_id, id))`,
  sql`create table if not exists dev_google_channels (id text primary key, resource_id text not null, calendar_id text not null,
    address text not null, token text, expiration integer not null, stopped_at integer)`,
];

const ready = new WeakSet<Db>();
export async function calendarTables(db: Db): Promise<void> {
  if (ready.has(db)) return;
  await db.batch(TABLES.map((statement) => db.run(statement)) as [ReturnType<Db["run"]>]);
  ready.add(db);
}

export type Grant = { refresh_token: string; sub: string; email: string; scope: string; revoked_at: number | null };
export type CalendarRow = {
  id: string;
  account: string;
  summary: string;
  access_role: string;
  is_primary: number;
  time_zone: string;
  sync_epoch: number;
};
export type EventRow = { calendar_id: string; id: string; ical_uid: string; body: string; status: string; seq: number };
export type ChannelRow = {
  id: string;
  resource_id: string;
  calendar_id: string;
  address: string;
  token: string | null;
  expiration: number;
};

export async function keepGrant(db: Db, grant: Omit<Grant, "revoked_at">): Promise<void> {
  await calendarTables(db);
  await db.run(sql`insert into dev_google_grants (refresh_token, sub, email, scope, created_at)
    values (${grant.refresh_token}, ${grant.sub}, ${grant.email}, ${grant.scope}, ${Date.now()})`);
}

export async function findGrant(db: Db, refreshToken: string): Promise<Grant | undefined> {
  await calendarTables(db);
  return (await db.all<Grant>(sql`select * from dev_google_grants where refresh_token = ${refreshToken}`))[0];
}

/** Revoking either token ends the grant (Google ends the refresh token and the access tokens it gave). */
export async function revokeGrant(db: Db, refreshToken: string): Promise<boolean> {
  await calendarTables(db);
  const rows = await db.all(sql`update dev_google_grants set revoked_at = ${Date.now()}
    where refresh_token = ${refreshToken} and revoked_at is null returning refresh_token`);
  return rows.length > 0;
}

/** An account's calendars; its first use creates the primary one (id = the address, as Google's) and a read-only holidays calendar. */
export async function accountCalendars(db: Db, account: string): Promise<CalendarRow[]> {
  await calendarTables(db);
  await db.batch([
    db.run(sql`insert into dev_google_calendars (id, account, summary, access_role, is_primary, time_zone)
      values (${account}, ${account}, ${account}, 'owner', 1, 'Asia/Kolkata') on conflict do nothing`),
    db.run(sql`insert into dev_google_calendars (id, account, summary, access_role, is_primary, time_zone)
      values (${`holidays.${account}`}, ${account}, 'Holidays in India', 'reader', 0, 'Asia/Kolkata') on conflict do nothing`),
  ]);
  return db.all<CalendarRow>(sql`select * from dev_google_calendars where account = ${account} order by is_primary desc, id`);
}

export async function calendarOf(db: Db, account: string, calendarId: string): Promise<CalendarRow | undefined> {
  const id = calendarId === "primary" ? account : calendarId;
  return (await accountCalendars(db, account)).find((c) => c.id === id);
}

/** Forgets every sync token of a calendar: the next incremental list answers 410 Gone. */
export async function expireSyncTokens(db: Db, calendarId: string): Promise<void> {
  await calendarTables(db);
  await db.run(sql`update dev_google_calendars set sync_epoch = sync_epoch + 1 where id = ${calendarId}`);
}

export async function calendarEvents(
  db: Db,
  calendarId: string,
  options: { afterSeq?: number; uptoSeq?: number } = {},
): Promise<EventRow[]> {
  await calendarTables(db);
  return db.all<EventRow>(sql`select * from dev_google_events where calendar_id = ${calendarId}
    and seq > ${options.afterSeq ?? 0} and seq <= ${options.uptoSeq ?? Number.MAX_SAFE_INTEGER} order by seq`);
}

export async function lastSeq(db: Db): Promise<number> {
  await calendarTables(db);
  return (await db.all<{ seq: number | null }>(sql`select max(seq) as seq from dev_google_events`))[0]?.seq ?? 0;
}

/** Writes an event (new or replaced) with the next change number. */
export async function saveEvent(db: Db, calendarId: string, event: { id: string; iCalUID: string; status: string }): Promise<void> {
  await calendarTables(db);
  await db.run(sql`insert into dev_google_events (calendar_id, id, ical_uid, body, status, seq)
    values (${calendarId}, ${event.id}, ${event.iCalUID}, ${JSON.stringify(event)}, ${event.status},
      (select coalesce(max(seq), 0) + 1 from dev_google_events))
    on conflict (calendar_id, id) do update set body = excluded.body, status = excluded.status, ical_uid = excluded.ical_uid, seq = excluded.seq`);
}

export async function keepChannel(db: Db, channel: ChannelRow): Promise<void> {
  await calendarTables(db);
  await db.run(sql`insert into dev_google_channels (id, resource_id, calendar_id, address, token, expiration)
    values (${channel.id}, ${channel.resource_id}, ${channel.calendar_id}, ${channel.address}, ${channel.token}, ${channel.expiration})
    on conflict (id) do update set resource_id = excluded.resource_id, calendar_id = excluded.calendar_id, address = excluded.address,
      token = excluded.token, expiration = excluded.expiration, stopped_at = null`);
}

export async function stopChannel(db: Db, id: string, resourceId: string): Promise<boolean> {
  await calendarTables(db);
  const rows = await db.all(sql`update dev_google_channels set stopped_at = ${Date.now()}
    where id = ${id} and resource_id = ${resourceId} and stopped_at is null returning id`);
  return rows.length > 0;
}

export async function liveChannels(db: Db, calendarId?: string): Promise<ChannelRow[]> {
  await calendarTables(db);
  return db.all<ChannelRow>(sql`select * from dev_google_channels where stopped_at is null and expiration > ${Date.now()}
    ${calendarId ? sql`and calendar_id = ${calendarId}` : sql``} order by expiration`);
}
