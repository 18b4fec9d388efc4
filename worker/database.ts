import { createDb, type Db } from "../db/client";
import type { Config } from "./env";

const dbs = new Map<string, Db>();
/** One database client per configuration and isolate. */
export function dbFor(config: Config): Db {
  const key = `${config.DB_URL}|${config.DB_AUTH_TOKEN ?? ""}`;
  let db = dbs.get(key);
  if (!db) {
    db = createDb(config.DB_URL, config.DB_AUTH_TOKEN);
    dbs.set(key, db);
  }
  return db;
}
