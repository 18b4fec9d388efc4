import { type Client, createClient, type InStatement, type ResultSet, type TransactionMode } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { batchMode, DEFAULT_RETRY, isReadOnly, type RetryPolicy, readsOnly, withRetry } from "./busy-retry";
import * as schema from "./schema";
import { createWriteGate, DEFAULT_READ_GATE, DEFAULT_WRITE_GATE, type WriteGate } from "./write-gate";

/**
 * No client-side queue: the client's default limit (20 in flight) makes a query wait in a queue and
 * then start its fetch from whichever request freed a slot. In a Worker that fetch belongs to the
 * other request, and when that request ends, the waiting one hangs (workerd cancels it as "hung").
 * `concurrency: 0` does not turn the limit off in @libsql/client 0.18 (`0 || 20`), so it is set high.
 */
const NO_CLIENT_QUEUE = 1_000_000;

export type ClientOptions = {
  policy?: RetryPolicy;
  gate?: WriteGate;
  /** The same for reads: a few go at once, and those that wait go together as one read transaction (ADR 0017). */
  readGate?: WriteGate;
  /** Keeps a request that sends other requests' writes with its own alive until they are answered (the Worker: `waitUntil`). */
  keepAlive?: (sending: Promise<unknown>) => void;
};

/**
 * The one database client every query goes through: writes take their turn at the write gate (db/write-gate.ts), and
 * those that wait go together as one transaction when their turn comes (group commit); statements and batches are
 * retried on busy and overload answers; interactive transactions are refused, since over HTTP they hold the write lock
 * across network round trips (use one conditional statement or one batch instead, ADR 0008).
 */
export function withBusyRetry(
  client: Client,
  { policy = DEFAULT_RETRY, gate = DEFAULT_WRITE_GATE, readGate = DEFAULT_READ_GATE, keepAlive }: ClientOptions = {},
): Client {
  const writes = createWriteGate(gate, undefined, {
    together: (stmts) => withRetry(() => client.batch(stmts, "write"), policy),
    keepAlive,
  });
  const reads = createWriteGate(readGate, undefined, {
    together: (stmts) => withRetry(() => client.batch(stmts, "deferred"), policy),
    keepAlive,
  });
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") {
        return async (stmt: InStatement, args?: never): Promise<ResultSet> => {
          const statement: InStatement = args === undefined ? stmt : { sql: stmt as string, args };
          const alone = () => withRetry(() => target.execute(statement), policy);
          const [result] = await (isReadOnly(statement) ? reads : writes).send({
            stmts: [statement],
            alone: () => alone().then((r) => [r]),
          });
          return result;
        };
      }
      if (property === "batch") {
        return (stmts: InStatement[], mode?: TransactionMode) => {
          const chosen = mode ?? batchMode(stmts);
          const alone = () => withRetry(() => target.batch(stmts, chosen), policy);
          if (readsOnly(stmts)) return reads.send({ stmts, alone });
          return chosen !== "read" ? writes.send({ stmts, alone }) : alone();
        };
      }
      if (property === "transaction") {
        return () =>
          Promise.reject(
            new Error("Interactive transactions are not used over HTTP: write one conditional statement or one batch (ADR 0008)."),
          );
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A drizzle database over libSQL's HTTP protocol: sqld locally, Turso in production. Every statement
 * and batch waits its turn when the database is busy (db/busy-retry.ts, db/write-gate.ts, ADR 0008).
 */
export function createDb(url: string, authToken?: string, options?: ClientOptions) {
  return drizzle(withBusyRetry(createClient({ url, authToken, concurrency: NO_CLIENT_QUEUE }), options), { schema });
}

export type Db = ReturnType<typeof createDb>;
