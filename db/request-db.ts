import type { Client, InStatement, ResultSet, TransactionMode } from "@libsql/client/web";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
import { LibSQLSession } from "drizzle-orm/libsql/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { isReadOnly, readsOnly, sqlOf } from "./busy-retry";
import type { Db } from "./client";
import * as schema from "./schema";

/** A read, or a batch of reads, waiting for its group to leave. */
type Waiting = { stmts: InStatement[]; resolve: (results: ResultSet[]) => void; reject: (error: unknown) => void };

/** Lets the task that queued a statement finish queuing its siblings first (the account check and a page's reads). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One request's view of the database (ADR 0017): the reads it starts together travel
 * together, and its writes wait for what it was told to wait for.
 *
 * - **Reads (and batches of reads) that start in the same task go as one batch**, one HTTP request to the database (one
 *   pipeline, in one read transaction, so they also see one snapshot). The account check that
 *   `requireRole` (worker/trpc/init.ts) starts without waiting and the procedure's first reads are such a group: a
 *   signed-in page costs one round trip instead of two. A batch that fails is run again statement
 *   by statement, so each caller gets its own answer or its own error.
 * - **Writes wait for `holdWritesUntil`'s promise** (the account check): nothing is written for a
 *   request whose account turns out to be blocked or signed out. A write that finds the check
 *   refused fails with the check's error.
 *
 * Made per request and dropped with it: no promise of one request is ever awaited by another
 * (workerd cancels such waits when the first request ends; see worker/platform/security-headers.ts).
 */
export type RequestDb = {
  db: Db;
  holdWritesUntil: (check: Promise<unknown>) => void;
  /**
   * The same database without the hold, for the one batch of a procedure that carries its own account check: its first
   * statement reads the account's state and each of its writes is guarded in SQL by the same state
   * (`accountMayAct`, worker/accounts/accounts.ts), so check and write are one round trip (chat.send).
   */
  forSelfCheckingBatch: Db;
};

/**
 * What `drizzle(client, { schema })` works out from the schema on every call, worked out once per
 * isolate: the tables' relational config took about a fifth of a booking's CPU in the Worker when each
 * request made its own (bench/worker-profile.ts). Plain data and a stateless dialect: nothing
 * of one request reaches another.
 */
let shape:
  | {
      dialect: SQLiteAsyncDialect;
      schema: {
        fullSchema: typeof schema;
        schema: ReturnType<typeof extractTablesRelationalConfig>["tables"];
        tableNamesMap: Record<string, string>;
      };
    }
  | undefined;
function drizzleOver(client: Client): Db {
  if (!shape) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    shape = {
      dialect: new SQLiteAsyncDialect(),
      schema: { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap },
    };
  }
  const session = new LibSQLSession(client, shape.dialect, shape.schema, {}, undefined);
  const db = new LibSQLDatabase("async", shape.dialect, session, shape.schema) as unknown as Db;
  (db as unknown as { $client: Client }).$client = client;
  return db;
}

export function requestDb(shared: Db): RequestDb {
  const client = shared.$client as Client;
  let waiting: Waiting[] = [];
  let hold: Promise<unknown> = Promise.resolve();

  /** One waiting entry alone: a statement as itself, a batch as a batch. */
  const runAlone = (w: Waiting) =>
    (w.stmts.length === 1 ? client.execute(w.stmts[0]).then((r) => [r]) : client.batch(w.stmts, "deferred")).then(w.resolve, w.reject);

  async function flush() {
    await nextTask();
    const group = waiting;
    waiting = [];
    if (group.length === 1) return void runAlone(group[0]);
    try {
      const results = await client.batch(
        group.flatMap((w) => w.stmts),
        "deferred",
      );
      let at = 0;
      for (const w of group) w.resolve(results.slice(at, (at += w.stmts.length)));
    } catch {
      // One statement's failure failed the batch: each entry runs alone and gets its own answer.
      for (const w of group) void runAlone(w);
    }
  }

  function read(stmts: InStatement[]): Promise<ResultSet[]> {
    return new Promise<ResultSet[]>((resolve, reject) => {
      waiting.push({ stmts, resolve, reject });
      if (waiting.length === 1) void flush();
    });
  }

  const scoped = new Proxy(client, {
    get(target, property) {
      if (property === "execute") {
        return async (stmt: InStatement, args?: never) => {
          const statement: InStatement = args === undefined ? stmt : { sql: sqlOf(stmt), args };
          if (isReadOnly(statement)) return (await read([statement]))[0];
          await hold;
          return target.execute(statement);
        };
      }
      if (property === "batch") {
        return async (stmts: InStatement[], mode?: TransactionMode) => {
          if (readsOnly(stmts) && mode !== "write") return read(stmts);
          await hold;
          return target.batch(stmts, mode);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: drizzleOver(scoped),
    forSelfCheckingBatch: drizzleOver(client),
    holdWritesUntil: (check) => {
      hold = check;
      // Seen by the writes that wait on it; unhandled here would be reported twice.
      check.catch(() => undefined);
    },
  };
}
