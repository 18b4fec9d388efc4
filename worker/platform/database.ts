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

/** One database client per configuration and isolate. */
export function dbFor(config: DbConfig): Db {
  const key = `${config.DB_URL}|${config.DB_AUTH_TOKEN ?? ""}`;
  let db = dbs.get(key);
  if (!db) {
    db = createDb(config.DB_URL, config.DB_AUTH_TOKEN, { keepAlive: (sending) => keepAlive?.(sending) });
    dbs.set(key, db);
  }
  return db;
}
