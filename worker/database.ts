import { createDb, type Db } from "../db/client";

/** What a database client needs of the configuration (worker/env.ts checks it; a live room reads it from its own env). */
export type DbConfig = { DB_URL: string; DB_AUTH_TOKEN?: string };

const dbs = new Map<string, Db>();
/** One database client per configuration and isolate. */
export function dbFor(config: DbConfig): Db {
  const key = `${config.DB_URL}|${config.DB_AUTH_TOKEN ?? ""}`;
  let db = dbs.get(key);
  if (!db) {
    db = createDb(config.DB_URL, config.DB_AUTH_TOKEN);
    dbs.set(key, db);
  }
  return db;
}
