import { createDb, type Db } from "../../db/client";

/** What a database client needs of the configuration (worker/platform/env.ts checks it; a live room reads it from its own env). */
export type DbConfig = { DB_URL: string; DB_AUTH_TOKEN?: string };

const dbs = new Map<string, Db>();
let keepAlive: ((sending: Promise<unknown>) => void) | undefined;

/**
 * Set once by each Worker entry (workerd's `waitUntil` of the current request): a request that carries other requests'
 * waiting writes to the database with its own (group commit, db/write-gate.ts) stays alive until they are answered,
 * even if its own client disconnects. Outside workerd (tests, scripts) nothing needs keeping alive.
 */
export function keepWritesAliveWith(wait: (sending: Promise<unknown>) => void) {
  keepAlive = (sending) => {
    try {
      wait(sending);
    } catch {
      // No request to extend (a room's own task): the sender awaits the group itself anyway.
    }
  };
}

/**
 * Who is waiting for a database call: a person (a request, or mail a person waits for) or background work (a wave of
 * reminders, bulk mail, bell pushes). Each has its own client, so its own line at the write gate (db/write-gate.ts): a
 * person's write never waits in the isolate behind a queue of a wave's large batches, only for the one in flight.
 */
export type DbLane = "people" | "background";

/** One database client per configuration, lane and isolate. */
export function dbFor(config: DbConfig, lane: DbLane = "people"): Db {
  const key = `${lane}|${config.DB_URL}|${config.DB_AUTH_TOKEN ?? ""}`;
  let db = dbs.get(key);
  if (!db) {
    db = createDb(config.DB_URL, config.DB_AUTH_TOKEN, { keepAlive: (sending) => keepAlive?.(sending) });
    dbs.set(key, db);
  }
  return db;
}
