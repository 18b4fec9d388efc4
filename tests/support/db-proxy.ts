import { createServer } from "node:http";

export type DbProxy = {
  url: string;
  requests: () => number;
  /** The SQL of each round trip so far, in order (best effort: a pipeline's statements and batch steps). */
  statements: () => string[][];
  overloaded: (on: boolean) => void;
  /**
   * From now on, lets `budget` of the requests' own trips (see `isOwnTrip`) reach the database and holds
   * every later one until `release()`: an answer that needs more than its budget waits for a trip that does
   * not come (tests/integration/database-trips.test.ts). `passed()` counts the own trips let through.
   */
  gate: (budget: number) => { passed: () => number; release: () => void };
  /** Resolves once no trip is in flight and none has arrived for `quietMs` (what an earlier request does after its answer). */
  quiet: (quietMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

type Stmt = { sql?: string; sql_id?: number };
type Pipeline = { requests?: { type?: string; stmt?: Stmt; batch?: { steps: { stmt: Stmt }[] }; sql?: string; sql_id?: number }[] };

/**
 * The statements one libSQL HTTP pipeline carries. The client sends a text used more than once in a pipeline once, as
 * `store_sql`, and the statements name it by `sql_id` (a batch of several messages repeats each statement).
 */
function sqlOf(body: string): string[] {
  try {
    const pipeline = JSON.parse(body) as Pipeline;
    const stored = new Map<number, string>();
    for (const r of pipeline.requests ?? []) if (r.type === "store_sql" && r.sql_id !== undefined && r.sql) stored.set(r.sql_id, r.sql);
    const text = (stmt: Stmt) => stmt.sql ?? (stmt.sql_id !== undefined ? stored.get(stmt.sql_id) : undefined) ?? "";
    return (pipeline.requests ?? []).flatMap((r) =>
      r.batch ? r.batch.steps.map((s) => text(s.stmt)) : r.stmt ? [text(r.stmt)] : r.type !== "store_sql" && r.sql ? [r.sql] : [],
    );
  } catch {
    return [];
  }
}

/**
 * An HTTP proxy in front of the test database that can be told to answer every call with 429, as an
 * overloaded libSQL server does. The Worker under test is pointed at it, so overload is produced
 * at the HTTP boundary while the Worker's own code runs unchanged. It counts the round trips and can
 * add a fixed delay to each, as a primary database in another region would.
 */
export async function startDbProxy(target: string, options: { latencyMs?: number } = {}): Promise<DbProxy> {
  let refusing = false;
  let count = 0;
  let inFlight = 0;
  let lastArrival = 0;
  let gate: { budget: number; passed: number; open: Promise<void>; release: () => void } | null = null;
  const trips: string[][] = [];
  const server = createServer(async (req, res) => {
    count++;
    inFlight++;
    lastArrival = performance.now();
    res.on("close", () => inFlight--);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const statements = sqlOf(Buffer.concat(chunks).toString("utf8"));
      // Recorded as it arrives, so a trip the Worker sent before its answer is counted before the answer (bench/db-distance.ts).
      if (!refusing) trips.push(statements);
      const own = isOwnTrip(statements);
      const held = gate;
      if (held && own) {
        if (held.passed < held.budget) held.passed++;
        else await held.open;
      }
      // A database far away: each of a request's own round trips waits this long before it reaches the database
      // (the local Stripe's stand in for calls to Stripe's API, whose distance is Stripe's, not the database's).
      if (options.latencyMs && own) await new Promise((r) => setTimeout(r, options.latencyMs));
      if (refusing) {
        res.writeHead(429, { "content-type": "text/plain" }).end("Too many concurrent requests");
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => typeof v === "string" && k !== "host" && k !== "content-length"),
      ) as Record<string, string>;
      const upstream = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res
        .writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" })
        .end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      // The Worker hung up (its stack is stopping) or the database is gone: nobody is waiting for this answer.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy did not bind");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests: () => count,
    statements: () => trips,
    overloaded: (on) => void (refusing = on),
    gate: (budget) => {
      let release: () => void = () => undefined;
      const open = new Promise<void>((resolve) => (release = resolve));
      const current = { budget, passed: 0, open, release };
      gate = current;
      return {
        passed: () => current.passed,
        release: () => {
          if (gate === current) gate = null;
          current.release();
        },
      };
    },
    quiet: async (quietMs = 100) => {
      while (inFlight > 0 || performance.now() - lastArrival < quietMs) await new Promise((r) => setTimeout(r, 20));
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A request's own round trips among `trips`: each trip's statements without the transaction's
 * steps, and without the trips that only deliver mail or Web Push (the outbox and the devices'
 * pushes are sent after the answer), or that are the local Stripe's (in production those
 * are calls to Stripe, not to the database).
 */
export function ownTrips(trips: string[][]): string[][] {
  return trips.map(withoutTransactionSteps).filter(isOwnTrip);
}

const withoutTransactionSteps = (trip: string[]) => trip.filter((s) => s && !/^(BEGIN|COMMIT|ROLLBACK)\b/.test(s));

/** Whether a trip is a request's own (see `ownTrips`). */
export function isOwnTrip(trip: string[]): boolean {
  return !withoutTransactionSteps(trip).every((s) => /email_outbox|dev_mailbox|push_subscriptions|dev_push_|dev_stripe_objects/.test(s));
}
