import { LibsqlBatchError, LibsqlError } from "@libsql/client/web";
import { describe, expect, it } from "vitest";
import { backoffDelay, batchMode, DatabaseBusyError, DEFAULT_RETRY, isRetryableDatabaseError, withRetry } from "../../db/busy-retry";
import { createWriteGate } from "../../db/write-gate";

const busy = () => new LibsqlError("SQLITE_BUSY: database is locked", "SQLITE_BUSY");
const overloaded = () =>
  new LibsqlError(
    "SERVER_ERROR: Server returned HTTP status 429",
    "SERVER_ERROR",
    undefined,
    undefined,
    Object.assign(new Error("429"), { status: 429 }),
  );
const noSleep = async () => undefined;

describe("which database failures are retried", () => {
  it("retries busy and locked answers, in a batch too, and the server's 429 and 503, however deep the cause", () => {
    expect(isRetryableDatabaseError(busy())).toBe(true);
    expect(isRetryableDatabaseError(new LibsqlBatchError("SQLITE_BUSY: SQLite error: database is locked", 1, "SQLITE_BUSY"))).toBe(true);
    expect(isRetryableDatabaseError(new LibsqlError("locked", "SQLITE_LOCKED"))).toBe(true);
    expect(isRetryableDatabaseError(overloaded())).toBe(true);
    expect(isRetryableDatabaseError(new Error("Failed query: insert ...", { cause: new Error("wrapped", { cause: busy() }) }))).toBe(true);
  });

  it("does not retry what could have been written, or what will fail again", () => {
    expect(isRetryableDatabaseError(new LibsqlError("UNIQUE constraint failed: mentors.email", "SQLITE_CONSTRAINT"))).toBe(false);
    expect(isRetryableDatabaseError(new TypeError("fetch failed"))).toBe(false);
    expect(
      isRetryableDatabaseError(
        new LibsqlError(
          "Server returned HTTP status 500",
          "SERVER_ERROR",
          undefined,
          undefined,
          Object.assign(new Error(), { status: 500 }),
        ),
      ),
    ).toBe(false);
    expect(isRetryableDatabaseError(undefined)).toBe(false);
  });
});

describe("withRetry", () => {
  it("waits out a busy database and returns the answer", async () => {
    let calls = 0;
    const waits: number[] = [];
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw busy();
        return "done";
      },
      DEFAULT_RETRY,
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe("done");
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("gives up after the policy's attempts with a DatabaseBusyError that keeps the cause", async () => {
    let calls = 0;
    const error = await withRetry(
      async () => {
        calls++;
        throw busy();
      },
      { attempts: 4, baseDelayMs: 1, maxDelayMs: 1 },
      noSleep,
    ).catch((e: unknown) => e);
    expect(calls).toBe(4);
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect((error as DatabaseBusyError).cause).toBeInstanceOf(LibsqlError);
  });

  it("passes any other failure through at once", async () => {
    let calls = 0;
    const unique = new LibsqlError("UNIQUE constraint failed", "SQLITE_CONSTRAINT");
    await expect(
      withRetry(
        async () => {
          calls++;
          throw unique;
        },
        DEFAULT_RETRY,
        noSleep,
      ),
    ).rejects.toBe(unique);
    expect(calls).toBe(1);
  });

  it("draws each wait at random below a bound that doubles up to the cap (full jitter)", () => {
    const policy = { attempts: 8, baseDelayMs: 10, maxDelayMs: 100 };
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(policy, a, () => 0.999))).toEqual([9.99, 19.98, 39.96, 79.92, 99.9]);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
    const total = Array.from({ length: DEFAULT_RETRY.attempts - 1 }, (_, a) => backoffDelay(DEFAULT_RETRY, a, () => 1)).reduce(
      (s, d) => s + d,
      0,
    );
    expect(total).toBeLessThan(1_500);
  });
});

describe("batch mode", () => {
  it("begins any batch that writes as a write transaction, and leaves read-only batches deferred", () => {
    expect(batchMode([{ sql: "insert into t values (?)", args: [1] }, "select 1"])).toBe("write");
    expect(batchMode(["select count(*) from t", { sql: "update t set v = 1", args: [] }])).toBe("write");
    expect(batchMode(["select 1", "  WITH x AS (select 1) select * from x"])).toBe("deferred");
  });
});

describe("the write gate", () => {
  it("keeps at most maxInFlight writes running; the rest wait their turn and all finish", async () => {
    const gate = createWriteGate({ maxInFlight: 3, maxWaitMs: 5_000, maxGroup: 16 });
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gate.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(gate.inFlight()).toBe(0);
  });

  it("lets waiting writes in first come, first served, however their timers happen to wake", async () => {
    // The waiting writes' timers are woken by hand, the last one set first each time: a later write always looks again first.
    const timers: (() => void)[] = [];
    const gate = createWriteGate({ maxInFlight: 1, maxWaitMs: 5_000, maxGroup: 16 }, () => new Promise<void>((r) => timers.push(r)));
    let release!: () => void;
    const holder = gate.run(() => new Promise<void>((r) => (release = r)));
    const started: number[] = [];
    const writes = Array.from({ length: 6 }, (_, i) => gate.run(async () => void started.push(i)));
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    release();
    let done = false;
    const all = Promise.all([holder, ...writes]).then(() => (done = true));
    for (let round = 0; !done && round < 100; round++) {
      await settle();
      for (const wake of timers.splice(0).reverse()) {
        wake();
        await settle();
      }
    }
    await all;
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.inFlight()).toBe(0);
  });

  it("gives up with a DatabaseBusyError (a 503) when a write waits longer than maxWaitMs, and frees its place on failure", async () => {
    const gate = createWriteGate({ maxInFlight: 1, maxWaitMs: 30, maxGroup: 16 });
    let release!: () => void;
    const holder = gate.run(() => new Promise<void>((r) => (release = r)));
    await expect(gate.run(async () => "never")).rejects.toBeInstanceOf(DatabaseBusyError);
    release();
    await holder;
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
