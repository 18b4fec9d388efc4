import type { InStatement, TransactionMode } from "@libsql/client/web";

/**
 * The database is busy or overloaded and stayed so through every retry. The Worker answers 503 with
 * `Retry-After` (worker/errors.ts), never 500: nothing was written, and the same call can be repeated.
 */
export class DatabaseBusyError extends Error {
  constructor(
    readonly attempts: number,
    cause: unknown,
  ) {
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

export async function withRetry<T>(
  work: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
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
