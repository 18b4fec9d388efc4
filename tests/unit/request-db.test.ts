import type { Client, InStatement, ResultSet } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { requestDb } from "../../db/request-db";

/** One request's database (ADR 0017): reads started together go as one batch; writes wait for the account check. */
type Call = { kind: "execute" | "batch"; sql: string[] };

function fakeShared(options: { failBatch?: boolean; failSql?: RegExp } = {}) {
  const calls: Call[] = [];
  const result = (stmt: InStatement): ResultSet => {
    const text = typeof stmt === "string" ? stmt : stmt.sql;
    if (options.failSql?.test(text)) throw new Error(`no such table in ${text}`);
    return {
      rows: [],
      columns: [],
      columnTypes: [],
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({}),
    } as unknown as ResultSet;
  };
  const client = {
    execute: async (stmt: InStatement) => {
      calls.push({ kind: "execute", sql: [typeof stmt === "string" ? stmt : stmt.sql] });
      return result(stmt);
    },
    batch: async (stmts: InStatement[]) => {
      calls.push({ kind: "batch", sql: stmts.map((s) => (typeof s === "string" ? s : s.sql)) });
      if (options.failBatch) throw new Error("one statement failed");
      return stmts.map(result);
    },
  } as unknown as Client;
  return { shared: { $client: client } as unknown as Db, calls };
}

describe("one request's database", () => {
  it("sends the reads started in one task as one batch (one round trip), and a later read on its own", async () => {
    const { shared, calls } = fakeShared();
    const { db } = requestDb(shared);
    await Promise.all([db.all(sql`select 1`), db.all(sql`select 2`), db.all(sql`with x as (select 3) select * from x`)]);
    expect(calls).toEqual([{ kind: "batch", sql: ["select 1", "select 2", "with x as (select 3) select * from x"] }]);
    await db.all(sql`select 4`);
    expect(calls.at(-1)).toEqual({ kind: "execute", sql: ["select 4"] });
  });

  it("answers each read of a failed batch alone: the good ones their rows, the bad one its error", async () => {
    const { shared, calls } = fakeShared({ failBatch: true, failSql: /missing/ });
    const { db } = requestDb(shared);
    const [good, bad] = await Promise.allSettled([db.all(sql`select 1`), db.all(sql`select * from missing`)]);
    expect(good.status).toBe("fulfilled");
    expect(bad.status).toBe("rejected");
    expect(calls.map((c) => c.kind)).toEqual(["batch", "execute", "execute"]);
  });

  it("holds writes until the check passes, reads not", async () => {
    const { shared, calls } = fakeShared();
    const { db, holdWritesUntil } = requestDb(shared);
    let pass!: () => void;
    holdWritesUntil(new Promise<void>((resolve) => (pass = resolve)));
    const write = db.run(sql`update mentors set bio = 'x'`);
    await db.all(sql`select 1`);
    expect(calls.map((c) => c.sql[0])).toEqual(["select 1"]);
    pass();
    await write;
    expect(calls.map((c) => c.sql[0])).toEqual(["select 1", "update mentors set bio = 'x'"]);
  });

  it("never sends a write (alone or in a batch) when the check refuses; the write fails with the refusal", async () => {
    const { shared, calls } = fakeShared();
    const { db, holdWritesUntil } = requestDb(shared);
    holdWritesUntil(Promise.reject(new Error("Your account has been blocked")));
    // drizzle names the statement and keeps the refusal as the cause.
    const refusalOf = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
    expect(refusalOf(await db.run(sql`delete from mentors`).catch((e: unknown) => e))).toMatch(/blocked/);
    expect(
      refusalOf(await db.batch([db.run(sql`insert into mentors default values`), db.run(sql`select 1`)]).catch((e: unknown) => e)),
    ).toMatch(/blocked/);
    expect(calls).toEqual([]);
  });
});

describe("one request's database, a batch that carries its own check", () => {
  it("goes at once, while the request's other writes stay refused", async () => {
    const { shared, calls } = fakeShared();
    const { db, forSelfCheckingBatch, holdWritesUntil } = requestDb(shared);
    holdWritesUntil(Promise.reject(new Error("This procedure writes only in its batch that carries the account check.")));
    await forSelfCheckingBatch.batch([
      forSelfCheckingBatch.all(sql`select is_blocked from mentees`),
      forSelfCheckingBatch.run(sql`insert into messages select 1 where 0`),
    ]);
    expect(await db.run(sql`delete from messages`).catch((e: unknown) => String((e as { cause?: Error }).cause?.message))).toMatch(
      /only in its batch/,
    );
    expect(calls.map((c) => c.sql)).toEqual([["select is_blocked from mentees", "insert into messages select 1 where 0"]]);
  });
});

describe("one request's database, batches of reads", () => {
  it("joins a batch of reads to the reads started beside it, and gives each caller its own results", async () => {
    const { shared, calls } = fakeShared();
    const { db } = requestDb(shared);
    const [pair, single] = await Promise.all([db.batch([db.all(sql`select 1`), db.all(sql`select 2`)]), db.all(sql`select 3`)]);
    expect(pair).toHaveLength(2);
    expect(single).toEqual([]);
    expect(calls).toEqual([{ kind: "batch", sql: ["select 1", "select 2", "select 3"] }]);
  });
});
