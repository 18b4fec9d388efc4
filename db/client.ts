import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { withBusyRetry } from "./busy-retry";
import * as schema from "./schema";

/**
 * No client-side queue: the client's default limit (20 in flight) makes a query wait in a queue and
 * then start its fetch from whichever request freed a slot. In a Worker that fetch belongs to the
 * other request, and when that request ends, the waiting one hangs (workerd cancels it as "hung").
 * `concurrency: 0` does not turn the limit off in @libsql/client 0.18 (`0 || 20`), so it is set high.
 */
const NO_CLIENT_QUEUE = 1_000_000;

/**
 * A drizzle database over libSQL's HTTP protocol: sqld locally, Turso in production. Every statement
 * and batch waits its turn when the database is busy (db/busy-retry.ts, ADR 0008).
 */
export function createDb(url: string, authToken?: string) {
  return drizzle(withBusyRetry(createClient({ url, authToken, concurrency: NO_CLIENT_QUEUE })), { schema });
}

export type Db = ReturnType<typeof createDb>;
