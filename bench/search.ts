import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import * as v from "valibot";
import { type Stack, startStack } from "../scripts/built-stack";
import { mentorSearchSchema } from "../shared/validation/search";
import { searchMentors } from "../worker/search/mentor-directory";
import { capturedStatements, pipelineBody } from "./captured-sql";
import { seedMentors } from "./seed-mentors";
import { runWrk, type WrkResult, wrkAvailable } from "./wrk";

/**
 * Mentor search over 10,000 mentors at 20 concurrent connections (wrk), three ways in one run:
 * - worker: the built Worker in workerd (REST path, HTTP to sqld; scripts/built-stack.ts), search cache
 *   off, so every request runs the query;
 * - cached: the same Worker as deployed (SEARCH_CACHE_SECONDS=15): hits of the location cache (Workers Cache API, ADR 0016);
 * - direct: the floor: the very statement the Worker sends, POSTed straight to sqld's HTTP API.
 */
const MENTORS = Number(process.env.BENCH_MENTORS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

const scenarios: Record<string, Record<string, string>> = {
  "everyone (no filters)": {},
  "text: react": { search: "react" },
  "text: two words": { search: "system design" },
  "text: prefix 'mach'": { search: "mach" },
  "price c": { price: "c" },
  "rating >= 4": { rating: "4" },
  "text + price + rating": { search: "python", price: "d", rating: "3" },
  // Relevance (ADR 0025): an abbreviation expanded to its long form, a typo answered by the trigram index, a sort.
  "text: abbreviation 'ML'": { search: "ML" },
  "text: typo 'kubernets'": { search: "kubernets" },
  "text + sort by price": { search: "react", sort: "price-asc" },
};

if (!wrkAvailable()) {
  console.error("The benchmark needs wrk: apt-get install wrk");
  process.exit(1);
}

const fmt = (r: WrkResult) => `p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} ms ${r.rps.toFixed(0)} rps`;

console.log(`Starting the Worker twice on one database and seeding ${MENTORS} mentors…`);
const uncached = await startStack({ vars: { SEARCH_CACHE_SECONDS: "0" } });
const cached = await startStack({ vars: { SEARCH_CACHE_SECONDS: "15" }, dbUrl: uncached.dbUrl });
await seedMentors(uncached.dbUrl, MENTORS);
try {
  type Ways = { worker: WrkResult; cached: WrkResult; direct: WrkResult };
  const rows: (Ways & { scenario: string; single: Ways })[] = [];
  for (const [scenario, query] of Object.entries(scenarios)) {
    const url = (stack: Stack) => `${stack.baseUrl}/api/mentees/mentors?${new URLSearchParams(query)}`;
    const parsed = v.parse(mentorSearchSchema, query);
    const statements = await capturedStatements(uncached.dbUrl, (db) => searchMentors(db, parsed, new Date()));
    if (statements.length !== 1) throw new Error(`${scenario}: expected one statement, saw ${statements.length}`);
    const body = pipelineBody(statements[0]);
    const sqldUrl = `${uncached.dbUrl}/v2/pipeline`;

    // All three must answer the same mentors in the same order, or the comparison means nothing.
    const workerIds = async (stack: Stack) =>
      ((await (await fetch(url(stack))).json()) as { mentorsSearchResult: { _id: string }[] }).mentorsSearchResult.map((m) => m._id);
    const pipeline = (await (await fetch(sqldUrl, { method: "POST", body })).json()) as {
      results: { response: { result: { rows: { value: string }[][] } } }[];
    };
    const directIds = pipeline.results[0].response.result.rows.map((row) => row[0].value);
    for (const stack of [uncached, cached]) {
      const got = await workerIds(stack);
      if (JSON.stringify(got) !== JSON.stringify(directIds))
        throw new Error(
          `${scenario}: the Worker and the direct query disagree:\n${got.join(" ")}\n${directIds.join(" ")}\n${JSON.stringify(statements[0].args)}`,
        );
    }

    // 20 clients (the load the search target is set for), and one client: latency without queueing behind the others.
    const measure = async (target: string, withBody?: string) => {
      await runWrk(target, { connections: CONNECTIONS, seconds: 2, body: withBody }); // warm-up
      const loaded = await runWrk(target, { connections: CONNECTIONS, seconds: SECONDS, body: withBody });
      const single = await runWrk(target, { connections: 1, seconds: Math.max(2, SECONDS / 2), body: withBody });
      return { loaded, single };
    };
    const worker = await measure(url(uncached));
    // The cached Worker (Miniflare's Cache API) sometimes drops all 20 connections at once on a busy
    // machine; that run is reported as failed instead of ending the benchmark.
    const hit = await measure(url(cached)).catch((error: Error) => {
      console.log(`${scenario}: cached run failed: ${error.message.split("\n")[0]}`);
      const failed = { p50: NaN, p95: NaN, p99: NaN, rps: NaN, requests: 0 };
      return { loaded: failed, single: failed };
    });
    const floor = await measure(sqldUrl, body);
    const row = {
      scenario,
      worker: worker.loaded,
      cached: hit.loaded,
      direct: floor.loaded,
      single: { worker: worker.single, cached: hit.single, direct: floor.single },
    };
    rows.push(row);
    console.log(
      `${scenario.padEnd(22)} 20 clients: worker ${fmt(row.worker)} | cached ${fmt(row.cached)} | direct ${fmt(row.direct)} | worker/direct p95 ${(row.worker.p95 / row.direct.p95).toFixed(2)}`,
    );
    console.log(
      `${"".padEnd(22)} 1 client:   worker ${fmt(worker.single)} | cached ${fmt(hit.single)} | direct ${fmt(floor.single)} | cached/direct p50 ${(hit.single.p50 / floor.single.p50).toFixed(2)}`,
    );
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const result = { date: new Date().toISOString(), machine, mentors: MENTORS, seconds: SECONDS, connections: CONNECTIONS, rows };
  writeFileSync("bench/results/search-latest.json", `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await cached.stop();
  await uncached.stop();
}
