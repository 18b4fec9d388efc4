import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import lighthouse from "lighthouse";
import { createDb } from "../db/client";
import { demoMentees, demoMentors, demoModerator } from "../db/demo-data";
import { mentors } from "../db/schema";
import { startStack } from "../scripts/built-stack";
import { CHROMIUM_PATH } from "../tests/support/chromium";
import type { Role } from "../tests/support/session-record";
import { MANIFEST, type Manifest, pageWeights } from "./bundle-size";
import { DRAWN_MARK, type PageHtml, pageHtml, type SignedIn, startFloorServer, withoutScripts } from "./floor-page";
import { startHeadlessChromium } from "./headless-chromium";
import { demoSession, seedLocalStorage } from "./signed-in";
import { FIXED_MULTIPLIER, multiplierFor, TARGET_BENCHMARK_INDEX } from "./web-device";

/**
 * The shop window as a new visitor's phone sees it: Lighthouse's mobile preset (simulated slow 4G, fresh profile and
 * storage) with the CPU slowdown calibrated to this host, so every run emulates the same phone (bench/web-device.ts), on the landing page, browse and
 * one mentor profile, and the signed-in screens people use most as the seeded demo
 * accounts (bench/signed-in.ts: a fresh profile holding only the session), served by the built Worker on a fresh seeded sqld (scripts/built-stack.ts),
 * plus the gzip size of the JavaScript and CSS each page loads before it is interactive, from the
 * build's manifest (bench/bundle-size.ts). Each page runs BENCH_RUNS times (3) after one discarded
 * warm-up run; the table has the median of each metric. Each page has a floor measured in the same run: its own HTML
 * with no script (bench/floor-page.ts), reported beside it as a ratio. Writes bench/results/web-latest.json and
 * the table in bench/README.md; exits 1 when a budget is broken. `npm run bench:web` (builds first).
 * Chromium, workerd and sqld stop with the script, also when it fails or is interrupted.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `BENCH_PAGES=scheduler,/moderator` measures only the pages whose names contain one of these, and leaves the README and the results file alone. */
const ONLY = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const RESULTS = "bench/results/web-latest.json";
const README = "bench/README.md";
const TABLE_START = "<!-- bench:web table start -->";
const TABLE_END = "<!-- bench:web table end -->";

/** The Lighthouse budgets a page must meet on a mid-range phone; the initial JavaScript budgets are bench/bundle-size.ts's. */
const BUDGET = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };

type Run = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptBytes: number;
  stylesheetBytes: number;
  benchmarkIndex: number;
  /** The CPU slowdown this run was simulated with, and the device's index it emulated (benchmarkIndex / multiplier). */
  multiplier: number;
  deviceIndex: number;
  /** The HTML document as observed (unthrottled): the Worker's time to its first byte, and its size. */
  serverResponseMs: number;
  documentBytes: number;
  lcpElement: string;
  warnings: string[];
};
type Metric = Exclude<keyof Run, "warnings" | "lcpElement">;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The element Lighthouse took as the largest contentful paint, as the start of its HTML. */
function lcpElement(details: unknown): string {
  type Node = { type?: string; snippet?: string; node?: Node; items?: Node[] };
  const find = (n: Node | undefined): string | undefined => {
    if (!n) return undefined;
    if (n.type === "node" && n.snippet) return n.snippet;
    return find(n.node) ?? n.items?.map(find).find(Boolean);
  };
  return (find(details as Node) ?? "?").replace(/\s+/g, " ").slice(0, 120);
}

/**
 * One Lighthouse run in a fresh Chromium (a new profile: no cache, no storage; a signed-in page gets only its session
 * record), in two steps: Lighthouse gathers the page (its trace, and the host's `benchmarkIndex` measured just before
 * the load), then simulates the phone from what it gathered with the multiplier that index calls for. The gathered
 * settings are the ones audited (Lighthouse refuses a change between the two), so the multiplier is written into both.
 */
async function lighthouseRun(url: string, as?: SignedIn): Promise<Run> {
  const chromium = await startHeadlessChromium();
  const gathered = mkdtempSync(join(tmpdir(), "mentorlink-lighthouse-run-"));
  try {
    if (as) await seedLocalStorage(chromium.port, url, as.role, as.session);
    const flags = {
      port: chromium.port,
      output: "json" as const,
      logLevel: "error" as const,
      onlyCategories: ["performance"],
      disableStorageReset: Boolean(as),
    };
    await lighthouse(url, { ...flags, gatherMode: gathered });
    await chromium.stop(); // the audit step needs no browser
    const artifactsFile = join(gathered, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8")) as {
      BenchmarkIndex: number;
      settings: { throttling: Record<string, number> };
    };
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplierFor(artifacts.BenchmarkIndex) };
    artifacts.settings.throttling = throttling;
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const result = await lighthouse(url, { ...flags, auditMode: gathered, throttling });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // BENCH_LHR_DIR=dir keeps each run's whole report there (to read its long tasks and script costs).
    if (process.env.BENCH_LHR_DIR)
      writeFileSync(`${process.env.BENCH_LHR_DIR}/${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const { formFactor, throttlingMethod } = lhr.configSettings;
    if (formFactor !== "mobile" || throttlingMethod !== "simulate")
      throw new Error(`Expected the mobile preset with simulated throttling, got ${formFactor}/${throttlingMethod}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== "number") throw new Error(`${url}: no value for ${id}`);
      return value;
    };
    const summary =
      (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const bytes = (type: string) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
    const requests =
      (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; resourceSize?: number }[] } | undefined)?.items ?? [];
    const multiplier = lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: numeric("speed-index"),
      scriptBytes: bytes("script"),
      stylesheetBytes: bytes("stylesheet"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      multiplier,
      deviceIndex: lhr.environment.benchmarkIndex / multiplier,
      serverResponseMs: lhr.audits["server-response-time"]?.numericValue ?? 0,
      documentBytes: requests.find((r) => r.resourceType === "Document")?.resourceSize ?? 0,
      lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    await chromium.stop();
    rmSync(gathered, { recursive: true, force: true });
  }
}

const ok = (pass: boolean) => (pass ? "ok" : "**over**");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const weights = pageWeights(JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest).filter(
  (w) => !ONLY || ONLY.some((name) => w.page.includes(name)),
);
const stack = await startStack();
try {
  const db = createDb(stack.dbUrl);
  const [mentor] = await db
    .select({ id: mentors.id })
    .from(mentors)
    .where(and(eq(mentors.email, demoMentors[0].email), eq(mentors.status, "approved"), eq(mentors.isBlocked, false)));
  if (!mentor) throw new Error(`The seeded mentor ${demoMentors[0].email} is not an approved, unblocked mentor`);
  const paths: Record<string, string> = {
    "/ (landing)": "/",
    "/browse/mentor/all": "/browse/mentor/all",
    "/browse/mentor/profile/:id": `/browse/mentor/profile/${mentor.id}`,
    "/mentees (home)": "/mentees",
    "/mentees/booked-slots": "/mentees/booked-slots",
    "/mentees/connect/inbox": "/mentees/connect/inbox",
    "/mentors (dashboard)": "/mentors",
    "/mentors/scheduler": "/mentors/scheduler",
    "/moderator (home)": "/moderator",
  };
  // The signed-in screens are measured as the seeded demo accounts, with what the seed gives them to show.
  const sessions = {
    mentee: await demoSession(stack.baseUrl, "mentee", demoMentees[0].email),
    mentor: await demoSession(stack.baseUrl, "mentor", demoMentors[0].email),
    moderator: await demoSession(stack.baseUrl, "moderator", demoModerator.email),
  };
  const signedIn = (path: string): SignedIn | undefined => {
    const role: Role | null = path.startsWith("/mentees")
      ? "mentee"
      : path.startsWith("/mentors")
        ? "mentor"
        : path.startsWith("/moderator")
          ? "moderator"
          : null;
    return role ? { role, session: sessions[role] } : undefined;
  };

  const load = [loadavg()[0]];
  const floors = new Map<string, PageHtml>();
  const floorServer = await startFloorServer(stack.baseUrl, floors);
  const pages = [];
  try {
    for (const weight of weights) {
      const path = paths[weight.page];
      if (!path) throw new Error(`No URL for the page ${weight.page}`);
      const url = `${stack.baseUrl}${path}`;
      const as = signedIn(path);
      await lighthouseRun(url, as); // warm-up, discarded: workerd's first requests, sqld's cold pages
      // The floor: this page's HTML as the browser gets it, without its scripts. A signed-in page's run was drawn by the
      // Worker when its document's size is nearer the drawn page's than the plain app page's (the Worker gives up past its
      // bound, ADR 0028, and sends the plain page; the drawn page leaves out the public pages' shells, so it can be the
      // smaller of the two).
      const page = await pageHtml(url, as);
      if (as && !page.html.includes(DRAWN_MARK)) throw new Error(`${weight.page}: the Worker did not draw the page in 5 tries`);
      floors.set(weight.page, { ...page, html: withoutScripts(page.html) });
      const plainBytes = as ? (await (await fetch(url, { headers: { accept: "text/html" } })).text()).length : 0;
      const wasDrawn = (r: Run) => Math.abs(r.documentBytes - page.html.length) < Math.abs(r.documentBytes - plainBytes);
      const runs: Run[] = [];
      const floorRuns: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // The page and its floor one after the other, so both see the same host.
        runs.push(await lighthouseRun(url, as));
        floorRuns.push(await lighthouseRun(floorServer.urlOf(weight.page)));
        const [r, f] = [runs[i], floorRuns[i]];
        const drawn = as ? (wasDrawn(r) ? ", drawn by the Worker" : ", NOT drawn by the Worker") : "";
        console.log(
          `${weight.page} run ${i + 1}/${RUNS}: performance ${r.performance}, LCP ${seconds(r.lcpMs)}, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, benchmarkIndex ${Math.round(r.benchmarkIndex)} × 1/${r.multiplier.toFixed(2)} = ${Math.round(r.deviceIndex)}, first byte ${Math.round(r.serverResponseMs)} ms, document ${(r.documentBytes / 1024).toFixed(1)} KB${drawn}, LCP element ${r.lcpElement}; floor: performance ${f.performance}, LCP ${seconds(f.lcpMs)}, TBT ${Math.round(f.tbtMs)} ms`,
        );
      }
      const medianOf = (of: Run[]) => {
        const metric = (m: Metric) => median(of.map((r) => r[m]));
        return {
          performance: metric("performance"),
          fcpMs: metric("fcpMs"),
          lcpMs: metric("lcpMs"),
          tbtMs: metric("tbtMs"),
          cls: metric("cls"),
          speedIndexMs: metric("speedIndexMs"),
          scriptBytes: metric("scriptBytes"),
          stylesheetBytes: metric("stylesheetBytes"),
          benchmarkIndex: metric("benchmarkIndex"),
          multiplier: metric("multiplier"),
          deviceIndex: metric("deviceIndex"),
          serverResponseMs: metric("serverResponseMs"),
        };
      };
      const med = medianOf(runs);
      const floor = medianOf(floorRuns);
      const budgets = {
        performance: med.performance >= BUDGET.performance,
        lcp: med.lcpMs < BUDGET.lcpMs,
        tbt: med.tbtMs < BUDGET.tbtMs,
        cls: med.cls < BUDGET.cls,
        initialJs: weight.withinBudget,
      };
      const drawnRuns = as ? runs.filter(wasDrawn).length : undefined;
      const overFloor = { lcp: med.lcpMs / floor.lcpMs, performance: med.performance / floor.performance };
      pages.push({ page: weight.page, path, median: med, floor, overFloor, drawnRuns, weight, budgets, runs, floorRuns });
    }
  } finally {
    await floorServer.stop();
  }
  load.push(loadavg()[0]);

  const date = new Date().toISOString();
  const chromium = execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  const lighthouseVersion = (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromium}, Lighthouse ${lighthouseVersion}`;
  const command = process.env.npm_lifecycle_event === "bench:web" ? "npm run bench:web" : "tsx bench/web.ts";
  const all = pages.flatMap((p) => [...p.runs, ...p.floorRuns]);
  const range = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
  const device =
    FIXED_MULTIPLIER === undefined
      ? `CPU calibrated to a phone of benchmarkIndex ${TARGET_BENCHMARK_INDEX} (multiplier = host benchmarkIndex / ${TARGET_BENCHMARK_INDEX}): host benchmarkIndex ${range(all.map((r) => r.benchmarkIndex))}, multipliers ${range(
          all.map((r) => r.multiplier),
          2,
        )}`
      : `CPU slowed ${FIXED_MULTIPLIER}× (not calibrated): host benchmarkIndex ${range(all.map((r) => r.benchmarkIndex))}, emulated device ${range(all.map((r) => r.deviceIndex))}`;
  if (!ONLY)
    writeFileSync(
      RESULTS,
      `${JSON.stringify({ date, machine, loadAverage1m: { start: load[0], end: load[1] }, command, preset: `Lighthouse mobile (simulated slow 4G); ${device}`, targetBenchmarkIndex: TARGET_BENCHMARK_INDEX, runsPerPage: RUNS, budgets: BUDGET, pages }, null, 2)}\n`,
    );

  const table = [
    `${date.slice(0, 16).replace("T", " ")} UTC; ${machine}; 1-minute load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end. Command: \`${command}\`. Median of ${RUNS} runs a page (after one discarded warm-up run), each followed by a run of its floor (the same HTML, no script). ${device}.`,
    "",
    "| page | performance (≥ 95) | LCP (< 2.0 s) | TBT (< 150 ms) | CLS (< 0.05) | initial JS, gzip (budget) | JS transferred (Lighthouse) | FCP | floor: performance / LCP / TBT | LCP ÷ floor | drawn by the Worker | host benchmarkIndex (multiplier) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...pages.map(
      ({ page, median: m, floor: f, overFloor: o, drawnRuns, weight: w, budgets: b }) =>
        `| ${page} | ${m.performance} ${ok(b.performance)} | ${seconds(m.lcpMs)} ${ok(b.lcp)} | ${Math.round(m.tbtMs)} ms ${ok(b.tbt)} | ${m.cls.toFixed(3)} ${ok(b.cls)} | ${w.jsKb} KB of ${w.budgetKb} KB ${ok(b.initialJs)} | ${(m.scriptBytes / 1024).toFixed(1)} KB | ${seconds(m.fcpMs)} | ${f.performance} / ${seconds(f.lcpMs)} / ${Math.round(f.tbtMs)} ms | ${o.lcp.toFixed(2)} | ${drawnRuns === undefined ? "—" : `${drawnRuns} of ${RUNS}`} | ${Math.round(m.benchmarkIndex)} (${m.multiplier.toFixed(2)}) |`,
    ),
  ].join("\n");
  console.log(`\n${table}\n`);
  if (!ONLY) {
    const readme = readFileSync(README, "utf8");
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    if (start < 0 || end < start) throw new Error(`${README} has no ${TABLE_START} … ${TABLE_END} block; the results are in ${RESULTS}`);
    writeFileSync(README, `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`);
  }

  const broken = pages.flatMap(({ page, budgets }) =>
    Object.entries(budgets)
      .filter(([, pass]) => !pass)
      .map(([name]) => `${page}: ${name}`),
  );
  if (broken.length > 0) {
    console.error(`Budgets broken: ${broken.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
