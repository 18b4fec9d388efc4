import type { Client, InStatement, ResultSet, TransactionMode } from "@libsql/client/web";
import { describe, expect, it } from "vitest";
import { sqlOf } from "../../db/busy-retry";
import { withBusyRetry } from "../../db/client";

/** A result that names the statement it answers, so each caller can be shown to get its own. */
const resultOf = (stmt: InStatement) => ({ rows: [{ sql: sqlOf(stmt) }] }) as unknown as ResultSet;
const named = (r: ResultSet) => (r.rows[0] as unknown as { sql: string }).sql;

/** A libSQL client that answers each statement with its own SQL after `ms`, and records each call: how it went and what it held. */
function fakeClient(ms = 5) {
  const calls: { how: string; stmts: string[] }[] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  const client = {
    execute: (stmt: InStatement) => (calls.push({ how: "execute", stmts: [sqlOf(stmt)] }), later(resultOf(stmt))),
    batch: (stmts: InStatement[], mode: TransactionMode) => (
      calls.push({ how: `batch ${mode}`, stmts: stmts.map(sqlOf) }), later(stmts.map(resultOf))
    ),
  } as unknown as Client;
  return { client, calls };
}

const gate = (maxInFlight: number) => ({ maxInFlight, maxWaitMs: 5_000, maxGroup: 16 });

describe("reads that wait go to the database together", () => {
  it("sends reads beyond the places in flight as one read transaction, and gives each its own rows", async () => {
    const { client, calls } = fakeClient();
    const db = withBusyRetry(client, { readGate: gate(2) });
    const reads = Array.from({ length: 6 }, (_, i) => db.execute(`select ${i}`));
    const answers = await Promise.all(reads);
    expect(answers.map(named)).toEqual(["select 0", "select 1", "select 2", "select 3", "select 4", "select 5"]);
    // Two places: the four reads that had to wait went with the first whose turn came, as one deferred batch in the
    // order they came; the second place's read went alone. Two trips for six reads.
    expect(calls).toEqual([
      { how: "batch deferred", stmts: ["select 0", "select 2", "select 3", "select 4", "select 5"] },
      { how: "execute", stmts: ["select 1"] },
    ]);
  });

  it("adds nothing to a read that finds a place free: one request's reads go as they were asked", async () => {
    const { client, calls } = fakeClient();
    const db = withBusyRetry(client, { readGate: gate(8) });
    const [one, many] = await Promise.all([db.execute("select 1"), db.batch(["select 2", "select 3"], "read")]);
    expect([named(one), ...many.map(named)]).toEqual(["select 1", "select 2", "select 3"]);
    expect(calls).toEqual([
      { how: "execute", stmts: ["select 1"] },
      { how: "batch read", stmts: ["select 2", "select 3"] },
    ]);
  });

  it("keeps reads and writes apart: a write never joins a read group, and reads wait at their own gate, not the writes'", async () => {
    const { client, calls } = fakeClient();
    const db = withBusyRetry(client, { readGate: gate(1), gate: gate(1) });
    await Promise.all([
      db.execute("select 1"),
      db.execute("select 2"),
      db.execute("select 3"),
      db.batch(["insert into t values (1)"]),
      db.batch(["insert into t values (2)"]),
    ]);
    const writes = calls.filter((c) => c.stmts.some((s) => s.startsWith("insert")));
    expect(writes.every((c) => c.how === "batch write" && c.stmts.every((s) => s.startsWith("insert")))).toBe(true);
    const readGroups = calls.filter((c) => c.how === "batch deferred");
    expect(readGroups).toEqual([{ how: "batch deferred", stmts: ["select 1", "select 2", "select 3"] }]);
  });

  it("never groups a read of what the connection last changed", async () => {
    const { client, calls } = fakeClient();
    const db = withBusyRetry(client, { readGate: gate(1) });
    await Promise.all([db.execute("select 1"), db.execute("select changes()"), db.execute("select 3"), db.execute("select 4")]);
    expect(calls.find((c) => c.stmts.includes("select changes()"))).toEqual({ how: "execute", stmts: ["select changes()"] });
  });
});
