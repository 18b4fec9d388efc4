import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { type Log, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { type Doubles, startDoubles } from "../worker/dev/doubles";
import { BUILT_API_CONFIG_PATH, BUILT_WORKER_CONFIG_PATH } from "./built-worker";
import { startLocalDatabase } from "./local-db";
import { DEV_CALENDAR_KEY, DEV_VAPID } from "./worker-vars";

/** The placed API's Worker name (wrangler.api.toml). */
const API_NAME = "mentorship-api";

export type Stack = {
  baseUrl: string;
  dbUrl: string;
  jwtSecret: string;
  /** The local Stripe, Google, mail provider and push service this stack's Worker talks to (worker/dev/doubles.ts, ADR 0033); their pages are under `doubles.url`. */
  doubles: Doubles;
  stop: () => Promise<void>;
};

/**
 * A fresh seeded sqld and the built Workers in workerd (the edge Worker, and the placed API it forwards signed-in
 * calls to, ADR 0017), all on loopback; removed by stop().
 * The Worker runs under Miniflare with the options wrangler derives from the built config, the
 * runtime `wrangler dev` uses, without its dev proxy in front (ADR 0003). With `dbUrl` the Worker
 * uses that database (another stack's) instead of a new one, and stop() leaves it running. The
 * Worker runs as in `npm run dev` (ENVIRONMENT=development) unless `vars` say otherwise, and its
 * Stripe, Google and mail are the local doubles, started with it on the same database (a production
 * Worker gets only what `vars` give it); with
 * `misconfigured` the stack is returned although /healthz refuses (tests of a bad configuration).
 */
export async function startStack(
  options: {
    vars?: Record<string, string>;
    dbUrl?: string;
    misconfigured?: boolean /** workerd's DevTools port, for a CPU profile (bench/worker-profile.ts). */;
    inspectorPort?: number /** Miniflare's log (its queue lines time each consumer batch); none by default. */;
    log?: Log /** false: the edge Worker alone answers everything, as before the placed API (benchmarks compare the two). */;
    placedApi?: boolean;
    /** The placed API far from the edge and next to its own database (bench/db-distance.ts): each forwarded call waits this long, once. */ apiDistance?: {
      ms: number;
      dbUrl: string;
    };
  } = {},
): Promise<Stack> {
  if (!existsSync(BUILT_WORKER_CONFIG_PATH)) throw new Error("No build found: run `npm run build` (npm test does) first.");
  const dir = mkdtempSync(join(tmpdir(), "mentorlink-test-"));
  // A private copy of the build: a `vite build` while the stack runs must not change its Worker.
  const buildDir = dirname(dirname(BUILT_WORKER_CONFIG_PATH));
  cpSync(buildDir, join(dir, "dist"), { recursive: true });
  const configs = (options.placedApi === false ? [BUILT_WORKER_CONFIG_PATH] : [BUILT_WORKER_CONFIG_PATH, BUILT_API_CONFIG_PATH]).map(
    (path) => join(dir, "dist", relative(buildDir, path)),
  );
  for (const config of configs) rmSync(join(dirname(config), ".dev.vars"), { force: true }); // a developer's local values stay out of tests

  const db = options.dbUrl ? { url: options.dbUrl, stop: async () => undefined } : await startLocalDatabase({ dataDir: join(dir, "db") });
  const jwtSecret = `test-secret-${crypto.randomUUID()}`;
  const doubles = await startDoubles({ dbUrl: db.url });
  // Searches are not cached by default: a test that writes must read its own write.
  // Web Push signs with the development key pair, which the doubles' local push service checks (ADR 0027).
  const vars = {
    DB_URL: db.url,
    JWT_SECRET: jwtSecret,
    ENVIRONMENT: "development",
    SEARCH_CACHE_SECONDS: "0",
    ...DEV_VAPID,
    ...DEV_CALENDAR_KEY,
    ...(options.vars?.ENVIRONMENT === "production" ? {} : doubles.workerVars),
    ...options.vars,
  };
  // The first Worker is the one the port serves: the edge.
  const workers = configs.map((config) => {
    const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
    const main = JSON.parse(readFileSync(config, "utf8")) as { name: string; main: string };
    const serviceBindings = (workerOptions as { serviceBindings?: Record<string, unknown> }).serviceBindings;
    if (options.placedApi === false) delete serviceBindings?.API;
    const distance = options.apiDistance;
    // The edge's binding as a call from Node that waits out the distance, then hands the request to the placed API.
    if (distance && serviceBindings?.API)
      serviceBindings.API = async (request: Request, mf: Miniflare) => {
        await new Promise((resolve) => setTimeout(resolve, distance.ms));
        return (await mf.getWorker(API_NAME)).fetch(request as never);
      };
    const own = main.name === API_NAME && distance ? { DB_URL: distance.dbUrl } : {};
    return {
      ...workerOptions,
      name: main.name,
      modules: true,
      modulesRoot: dirname(config),
      scriptPath: join(dirname(config), main.main),
      bindings: { ...workerOptions.bindings, ...vars, ...own },
    };
  });
  const miniflare = new Miniflare({
    workers,
    host: "127.0.0.1",
    port: 0,
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
    ...(options.log ? { log: options.log } : {}),
  } as ConstructorParameters<typeof Miniflare>[0]);
  const stop = async () => {
    await miniflare.dispose().catch(() => undefined);
    await doubles.stop();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await miniflare.ready;
    const baseUrl = url.origin;
    doubles.sendEventsTo(baseUrl);
    const health = await fetch(`${baseUrl}/healthz`);
    if (health.ok === Boolean(options.misconfigured))
      throw new Error(`The Worker answered ${health.status} on /healthz: ${await health.text()}`);
    return { baseUrl, dbUrl: db.url, jwtSecret, doubles, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
