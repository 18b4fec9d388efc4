import { type InStatement, LibsqlError, type ResultSet } from "@libsql/client/web";
import { describe, expect, it } from "vitest";
import { createWriteGate, type GatedCall, mayTravelTogether } from "../../db/write-gate";

/** A result that names the statement it answers, so each caller can be shown to get its own. */
const resultOf = (stmt: InStatement) => ({ rows: [{ sql: typeof stmt === "string" ? stmt : stmt.sql }] }) as unknown as ResultSet;
const sqlOfResults = (results: ResultSet[]) => results.map((r) => (r.rows[0] as unknown as { sql: string }).sql);

/**
 * A database that answers every statement with its own SQL, fails a transaction holding a statement in `refuse` as
 * SQLite does (a constraint), and records what it was sent: together (one transaction) or alone.
 */
function fakeDatabase(refuse: string[] = [], broken = false) {
  const sent: { how: "together" | "alone"; stmts: string[] }[] = [];
  const answer = async (how: "together" | "alone", stmts: InStatement[]) => {
    sent.push({ how, stmts: stmts.map((s) => (typeof s === "string" ? s : s.sql)) });
    await new Promise((r) => setTimeout(r, 1));
    if (broken && how === "together") throw new TypeError("fetch failed");
    const bad = stmts.find((s) => refuse.includes(typeof s === "string" ? s : s.sql));
    if (bad) throw new LibsqlError(`UNIQUE constraint failed (${typeof bad === "string" ? bad : bad.sql})`, "SQLITE_CONSTRAINT");
    return stmts.map(resultOf);
  };
  const call = (...stmts: string[]): GatedCall => ({ stmts, alone: () => answer("alone", stmts) });
  return { sent, answer, call };
}

/** A gate of one write in flight whose one place is held until `release()`; its timers are real (1 to 9 ms). */
function heldGate(db: ReturnType<typeof fakeDatabase>, options: { maxGroup?: number; kept?: Promise<unknown>[] } = {}) {
  const gate = createWriteGate({ maxInFlight: 1, maxWaitMs: 5_000, maxGroup: options.maxGroup ?? 16 }, undefined, {
    together: (stmts) => db.answer("together", stmts),
    keepAlive: (sending) => options.kept?.push(sending),
  });
  let release!: () => void;
  const holder = gate.run(() => new Promise<void>((r) => (release = r)));
  return { gate, release: () => release(), holder };
}

describe("group commit: writes that wait go to the database together", () => {
  it("sends the writes waiting behind a busy place as one transaction, in arrival order, and gives each its own results", async () => {
    const db = fakeDatabase();
    const kept: Promise<unknown>[] = [];
    const { gate, release, holder } = heldGate(db, { kept });
    const writes = [db.call("a1", "a2"), db.call("b1"), db.call("c1", "c2", "c3")].map((r) => gate.send(r));
    await new Promise((r) => setTimeout(r, 5));
    release();
    await holder;
    const results = await Promise.all(writes);
    expect(results.map(sqlOfResults)).toEqual([["a1", "a2"], ["b1"], ["c1", "c2", "c3"]]);
    expect(db.sent).toEqual([{ how: "together", stmts: ["a1", "a2", "b1", "c1", "c2", "c3"] }]);
    // The request that sent the group is kept alive for it.
    expect(kept).toHaveLength(1);
    expect(gate.inFlight()).toBe(0);
  });

  it("adds nothing to a write that finds the gate open: it goes alone, at once", async () => {
    const db = fakeDatabase();
    const gate = createWriteGate({ maxInFlight: 2, maxWaitMs: 5_000, maxGroup: 16 }, undefined, {
      together: (stmts) => db.answer("together", stmts),
    });
    const results = await Promise.all([gate.send(db.call("a")), gate.send(db.call("b"))]);
    expect(results.map(sqlOfResults)).toEqual([["a"], ["b"]]);
    expect(db.sent.map((s) => s.how)).toEqual(["alone", "alone"]);
  });

  it("takes at most maxGroup writes in one transaction; the rest form the next", async () => {
    const db = fakeDatabase();
    const { gate, release, holder } = heldGate(db, { maxGroup: 3 });
    const writes = ["a", "b", "c", "d", "e"].map((s) => gate.send(db.call(s)));
    await new Promise((r) => setTimeout(r, 5));
    release();
    await holder;
    expect((await Promise.all(writes)).map(sqlOfResults)).toEqual([["a"], ["b"], ["c"], ["d"], ["e"]]);
    expect(db.sent.map((s) => s.stmts)).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("when the database refuses one write of the group (nothing of it was written), sends each again alone: the others succeed, that one gets its own error", async () => {
    const db = fakeDatabase(["b1"]);
    const { gate, release, holder } = heldGate(db);
    const writes = [db.call("a1"), db.call("b1"), db.call("c1")].map((r) => gate.send(r).then(sqlOfResults, (e: Error) => e.message));
    await new Promise((r) => setTimeout(r, 5));
    release();
    await holder;
    expect(await Promise.all(writes)).toEqual([["a1"], "SQLITE_CONSTRAINT: UNIQUE constraint failed (b1)", ["c1"]]);
    expect(db.sent).toEqual([
      { how: "together", stmts: ["a1", "b1", "c1"] },
      { how: "alone", stmts: ["b1"] },
      { how: "alone", stmts: ["c1"] },
      { how: "alone", stmts: ["a1"] },
    ]);
    expect(gate.inFlight()).toBe(0);
  });

  it("when the connection breaks (a write may have committed), every write of the group gets the error and none is sent again", async () => {
    const db = fakeDatabase([], true);
    const { gate, release, holder } = heldGate(db);
    const writes = [db.call("a"), db.call("b")].map((r) =>
      gate.send(r).then(
        () => "written",
        (e: Error) => e.message,
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    release();
    await holder;
    expect(await Promise.all(writes)).toEqual(["fetch failed", "fetch failed"]);
    expect(db.sent).toEqual([{ how: "together", stmts: ["a", "b"] }]);
  });

  it("never takes along a write whose first statement reads what the previous statement changed, nor a plain run", async () => {
    expect(mayTravelTogether(["update slots set x = 1 where changes() = 1"])).toBe(false);
    expect(mayTravelTogether(["update slots set x = 1", "insert into h select 1 where changes() = 1"])).toBe(true);
    const db = fakeDatabase();
    const { gate, release, holder } = heldGate(db);
    const order: string[] = [];
    const writes = [
      gate.send(db.call("a")),
      gate.send(db.call("insert into h select 1 where changes() = 1")),
      gate.run(async () => void order.push("plain")),
      gate.send(db.call("b")),
    ];
    await new Promise((r) => setTimeout(r, 5));
    release();
    await holder;
    await Promise.all(writes);
    expect(db.sent).toEqual([
      { how: "together", stmts: ["a", "b"] },
      { how: "alone", stmts: ["insert into h select 1 where changes() = 1"] },
    ]);
    expect(order).toEqual(["plain"]);
  });
});
