import { createServer } from "node:http";

export type DbProxy = {
  url: string;
  requests: () => number;
  /** The SQL of each round trip so far, in order (best effort: a pipeline's statements and batch steps). */
  statements: () => string[][];
  overloaded: (on: boolean) => void;
  stop: () => Promise<void>;
};

type Pipeline = { requests?: { stmt?: { sql?: string }; batch?: { steps: { stmt: { sql?: string } }[] }; sql?: string }[] };

/** The statements one libSQL HTTP pipeline carries. */
function sqlOf(body: string): string[] {
  try {
    const pipeline = JSON.parse(body) as Pipeline;
    return (pipeline.requests ?? []).flatMap((r) => (r.batch ? r.batch.steps.map((s) => s.stmt.sql ?? "") : r.stmt?.sql ? [r.stmt.sql] : r.sql ? [r.sql] : []));
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
  const trips: string[][] = [];
  const server = createServer(async (req, res) => {
    count++;
    // A database far away: each round trip waits this long before it reaches the database (bench/db-distance.ts).
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    if (refusing) {
      res.writeHead(429, { "content-type": "text/plain" }).end("Too many concurrent requests");
      return;
    }
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      trips.push(sqlOf(Buffer.concat(chunks).toString("utf8")));
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === "string" && k !== "host" && k !== "content-length")) as Record<string, string>;
      const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" }).end(Buffer.from(await upstream.arrayBuffer()));
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
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A request's own round trips among `trips`: each trip's statements without the transaction's
 * steps, and without the trips that only deliver mail or Web Push (the outbox and the devices'
 * pushes are sent after the answer, issue 27).
 */
export function ownTrips(trips: string[][]): string[][] {
  return trips.map((trip) => trip.filter((s) => s && !/^(BEGIN|COMMIT|ROLLBACK)\b/.test(s))).filter((trip) => !trip.every((s) => /email_outbox|dev_mailbox|push_subscriptions|dev_push_/.test(s)));
}
