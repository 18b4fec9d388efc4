import type { Client, InStatement, TransactionMode } from "@libsql/client/web";

/**
 * The database is busy or overloaded and stayed so through every retry. The Worker answers 503 with
 * `Retry-After` (worker/errors.ts), never 500: nothing was written, and the same call can be repeated.
 */
export class DatabaseBusyError extends Error {
  constructor(readonly attempts: number, cause: unknown) {
    super(`The database stayed busy through ${attempts} attempts`, { cause });
    this.name = "DatabaseBusyError";
  }
}

export type RetryPolicy = {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first wait; each later wait doubles up to `maxDelayMs`. Every wait is drawn at random below its bound (full jitter). */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** About 1.3 s of waiting at most before a call gives up with 503. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 7, baseDelayMs: 15, maxDelayMs: 400 };

/**
 * True for failures where the server did not run the statement and says to come back: SQLite's busy
 * or locked answers (another writer holds the lock), and sqld's 429 / 503 (too many requests in
 * flight). A statement refused this way wrote nothing (a batch is one transaction and was rolled
 * back), so running it again cannot write twice. Network failures are not retried: a write may have
 * committed before the connection broke.
 */
export function isRetryableDatabaseError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, status, message } = e as { code?: unknown; status?: unknown; message?: unknown };
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return true;
    if (status === 429 || status === 503) return true;
    if (typeof message === "string" && /database is locked|SQLITE_BUSY/.test(message)) return true;
  }
  return false;
}

export const backoffDelay = (policy: RetryPolicy, attempt: number, random = Math.random) =>
  random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);

export async function withRetry<T>(work: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableDatabaseError(error)) throw error;
      if (attempt + 1 >= policy.attempts) throw new DatabaseBusyError(policy.attempts, error);
      await sleep(backoffDelay(policy, attempt));
    }
  }
}

const READ_ONLY = /^\s*(select|with)\b/i;
export const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);
/** A statement that only reads; statements that write take the write gate, wait for a request's check (db/request-db.ts) and begin batches as writes. */
export const isReadOnly = (stmt: InStatement) => READ_ONLY.test(sqlOf(stmt));
export const readsOnly = (stmts: InStatement[]) => stmts.every(isReadOnly);

/**
 * A batch that writes begins as a write (`BEGIN IMMEDIATE`): it waits for the write lock before it
 * reads anything, instead of reading under a shared lock and failing with "database is locked" when
 * it upgrades. Batches of reads only stay deferred and never block writers.
 */
export const batchMode = (stmts: InStatement[]): TransactionMode => (readsOnly(stmts) ? "deferred" : "write");

export type WriteGate = {
  /** Most writes one isolate keeps in flight at once; SQLite runs one writer at a time anyway. */
  maxInFlight: number;
  /**
   * Longest a write waits for its turn before the call gives up with a 503. Generous: a burst of
   * sign-ups keeps the isolate's one thread busy hashing passwords, and the writes holding the turns
   * finish only between hashes (50 at once took 10 to 20 s of CPU on the test machine).
   */
  maxWaitMs: number;
};

/**
 * sqld makes a writer that finds the lock taken spin on the CPU instead of sleeping. With dozens of
 * writers in flight, the spinning threads starve the one that holds the lock: seen in the test suite
 * as sqld at 200% CPU for minutes and every write timing out. So each isolate lets only a few writes
 * reach the database at once, and the others wait here, where waiting costs nothing.
 */
export const DEFAULT_WRITE_GATE: WriteGate = { maxInFlight: 4, maxWaitMs: 30_000 };

/**
 * Runs `work` once fewer than `gate.maxInFlight` writes of this isolate are in flight, in the order the writes
 * arrived. A waiting write polls with its own short timers rather than being woken by the write that finished: a
 * Worker must not start a request's I/O from another request's callback (workerd cancels it as hung when that
 * request ends; see db/client.ts). First come, first served: the write at the head of the line looks again every
 * millisecond and the ones behind it less often, so under a burst no write is overtaken again and again by later
 * ones that happened to wake at the right moment (the tail of bench:chat and bench:booking, issue 25).
 */
export function createWriteGate(gate: WriteGate = DEFAULT_WRITE_GATE, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  let inFlight = 0;
  /** The waiting writes' tickets, oldest first. */
  const line: number[] = [];
  let issued = 0;
  return {
    inFlight: () => inFlight,
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (inFlight >= gate.maxInFlight || line.length > 0) {
        const ticket = issued++;
        line.push(ticket);
        const deadline = Date.now() + gate.maxWaitMs;
        try {
          for (;;) {
            const place = line.indexOf(ticket);
            if (place < gate.maxInFlight - inFlight) break;
            if (Date.now() > deadline) throw new DatabaseBusyError(0, new Error(`${inFlight} writes in flight for ${gate.maxWaitMs} ms`));
            await sleep(1 + Math.min(place, 8));
          }
        } finally {
          line.splice(line.indexOf(ticket), 1);
        }
      }
      inFlight++;
      try {
        return await work();
      } finally {
        inFlight--;
      }
    },
  };
}

/**
 * The one database client every query goes through: writes take their turn at the write gate;
 * statements and batches are retried on busy and overload answers; interactive transactions are
 * refused, since over HTTP they hold the write lock across network round trips (use one conditional
 * statement or one batch instead, ADR 0008).
 */
export function withBusyRetry(client: Client, policy: RetryPolicy = DEFAULT_RETRY, gate = createWriteGate()): Client {
  const writes = <T>(isWrite: boolean, work: () => Promise<T>) => (isWrite ? gate.run(() => withRetry(work, policy)) : withRetry(work, policy));
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") {
        return (stmt: InStatement, args?: never) =>
          writes(!isReadOnly(stmt), () => (args === undefined ? target.execute(stmt) : target.execute(stmt as string, args)));
      }
      if (property === "batch") {
        return (stmts: InStatement[], mode?: TransactionMode) => {
          const chosen = mode ?? batchMode(stmts);
          return writes(chosen !== "read" && batchMode(stmts) === "write", () => target.batch(stmts, chosen));
        };
      }
      if (property === "transaction") {
        return () => Promise.reject(new Error("Interactive transactions are not used over HTTP: write one conditional statement or one batch (ADR 0008)."));
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
