/**
 * What blocks a signed-in screen's main thread: each page loaded as its seeded demo account in headless
 * Chromium at a 412 px phone's size with the CPU slowed to the phone `bench/web.ts` emulates (the host's
 * `benchmarkIndex`, measured with Lighthouse's own benchmark just before each load, over TARGET_BENCHMARK_INDEX; at
 * least 1, as Chromium cannot speed a CPU up), its long tasks (over 50 ms)
 * listed, and, when the build has source maps, where each task's time went: by package or source file, by function, and
 * through our own code (inclusive). Not a benchmark with a target: `bench:web`'s TBT is the budget; this says which
 * code to make cheaper. A sum of long tasks here is larger than Lighthouse's TBT: the slowdown is applied live, not
 * simulated.
 *
 *   npm run bench:long-tasks        (a build with source maps first; `npm run build` again before tests)
 *
 * Then the page is scrolled to its end, as a person reading on does, and the long tasks from then on are listed apart
 * (a chart below the first screen is drawn then, not during the page's start).
 *
 * LONG_TASK_PAGES (comma-separated paths, default the dashboard and the scheduler), LONG_TASK_RUNS (3), BENCH_CPU=4 for
 * Lighthouse's fixed 4× instead of the calibrated rate.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium, type Page } from "playwright-core";
import { SourceMapConsumer } from "source-map-js";
import { demoMentees, demoMentors, demoModerator } from "../db/demo-data";
import { startStack } from "../scripts/built-stack";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { type Role, STORAGE_KEY, sessionRecord } from "../tests/support/session-record";
import { demoSession, withPageCookies } from "./signed-in";
import { FIXED_MULTIPLIER, TARGET_BENCHMARK_INDEX } from "./web-device";

const PAGES = (process.env.LONG_TASK_PAGES ?? "/mentors,/mentors/scheduler").split(",");
const RUNS = Number(process.env.LONG_TASK_RUNS ?? 3);
/** LONG_TASK_INCLUSIVE=n: also the n functions of any code with the most time inclusive, for finding which call of a library is the cost. */
const INCLUSIVE = Number(process.env.LONG_TASK_INCLUSIVE ?? 0);
const EMAIL: Record<Role, string> = { mentee: demoMentees[0].email, mentor: demoMentors[0].email, moderator: demoModerator.email };
const roleOf = (path: string): Role => (path.startsWith("/mentors") ? "mentor" : path.startsWith("/moderator") ? "moderator" : "mentee");

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Profile = {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
};

/** Long tasks and a clock mark, recorded from the page's first script: the mark's busy loop is found in the profile, which aligns the two clocks. */
const OBSERVER = `
  window.__longTasks = [];
  window.__markAt = performance.now();
  (function __longTaskMark() { const end = performance.now() + 10; while (performance.now() < end); })();
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: "longtask", buffered: true });
`;

const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = join("dist/client", `${new URL(url).pathname}.map`);
    maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))) : null);
  }
  return maps.get(url) ?? null;
}

/** A frame as its source says it: the function, and the package (or our file) it is in. */
function place(frame: Frame): { fn: string; where: string; ours: boolean } {
  const map = frame.url.startsWith("http") ? mapFor(frame.url) : null;
  if (!map)
    return {
      fn: frame.functionName || "(anonymous)",
      where: frame.url ? (frame.url.split("/").pop() ?? frame.url) : frame.functionName,
      ours: false,
    };
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? "?").replace(/^(\.\.\/)+/, "");
  const pkg = source.includes("node_modules/")
    ? source
        .split("node_modules/")
        .pop()!
        .split("/")
        .slice(0, source.split("node_modules/").pop()!.startsWith("@") ? 2 : 1)
        .join("/")
    : source;
  return { fn: `${at.name ?? frame.functionName} ${pkg}:${at.line}`, where: pkg, ours: source.startsWith("src/") };
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${k}`)
    .join("\n      ");

async function signedInPage(
  baseUrl: string,
  role: Role,
  context: Awaited<ReturnType<Awaited<ReturnType<typeof chromium.launch>>["newContext"]>>,
): Promise<Page> {
  const session = await demoSession(baseUrl, role, EMAIL[role]);
  const page = await context.newPage();
  // The record is written on a blank page of the origin, so the page itself loads with a cold cache (bench/signed-in.ts).
  await page.route(`${baseUrl}/__long-tasks-seed`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>seed</title>" }),
  );
  await page.goto(`${baseUrl}/__long-tasks-seed`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEY[role],
    JSON.stringify(sessionRecord(role, session)),
  ] as const);
  await withPageCookies(page, session.accessToken);
  await page.addInitScript({ content: OBSERVER });
  return page;
}

const stack = await startStack();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  if (!existsSync("dist/client/.vite/manifest.json")) throw new Error("No build: run `npx vite build --sourcemap` first.");
  for (const path of PAGES)
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await signedInPage(stack.baseUrl, roleOf(path), context);
      // The host's speed now, by Lighthouse's benchmark, on the blank page of the origin (no throttling yet).
      const benchmarkIndex = (await page.evaluate(pageFunctions.computeBenchmarkIndex)) as number;
      const rate = FIXED_MULTIPLIER ?? Math.max(1, benchmarkIndex / TARGET_BENCHMARK_INDEX);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForTimeout(6_000);
      const scrolledAt = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return performance.now();
      });
      await page.waitForTimeout(4_000);
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      const { longTasks, markAt, fcp } = await page.evaluate(() => {
        const w = window as unknown as { __longTasks: [number, number][]; __markAt: number };
        return {
          longTasks: w.__longTasks,
          markAt: w.__markAt,
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        };
      });
      const atStart = longTasks.filter(([start]) => start < scrolledAt);
      const afterScroll = longTasks.filter(([start]) => start >= scrolledAt);
      const blocking = atStart.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      const listed = (tasks: [number, number][]) => tasks.map(([s, d]) => `${d.toFixed(0)} ms at ${s.toFixed(0)}`).join(", ") || "none";
      console.log(
        `\n${path}, run ${run}: host benchmarkIndex ${Math.round(benchmarkIndex)}, CPU slowed ${rate.toFixed(2)}× (a phone of ${Math.round(benchmarkIndex / rate)}); first paint ${fcp.toFixed(0)} ms; long tasks ${listed(atStart)}; blocking after the first paint ${blocking.toFixed(0)} ms; scrolled to the end at ${scrolledAt.toFixed(0)} ms, long tasks then ${listed(afterScroll)}`,
      );

      // Sample times on the page's clock, through the mark.
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const times: number[] = [];
      let t = profile.startTime;
      for (const d of profile.timeDeltas) times.push((t += d));
      const mark = profile.nodes.find((n) => n.callFrame.functionName === "__longTaskMark");
      const markIndex = mark ? profile.samples.indexOf(mark.id) : -1;
      if (markIndex < 0) {
        console.log("  (the clock mark is not in the profile: no attribution)");
      } else {
        const onPage = (us: number) => (us - times[markIndex]) / 1000 + markAt;
        for (const [start, duration] of longTasks) {
          const where = new Map<string, number>();
          const fns = new Map<string, number>();
          const ours = new Map<string, number>();
          const all = new Map<string, number>();
          profile.samples.forEach((id, i) => {
            const at = onPage(times[i]);
            if (at < start || at > start + duration) return;
            const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
            const p = place(byId.get(id)!.callFrame);
            where.set(p.where, (where.get(p.where) ?? 0) + ms);
            fns.set(p.fn, (fns.get(p.fn) ?? 0) + ms);
            const seen = new Set<string>();
            for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
              const q = place(byId.get(up)!.callFrame);
              if (seen.has(q.fn)) continue;
              seen.add(q.fn);
              all.set(q.fn, (all.get(q.fn) ?? 0) + ms);
              if (q.ours) ours.set(q.fn, (ours.get(q.fn) ?? 0) + ms);
            }
          });
          console.log(
            `  task of ${duration.toFixed(0)} ms at ${start.toFixed(0)}:\n    by package or file:\n      ${top(where, 8)}\n    by function (self):\n      ${top(fns, 8)}\n    our code (inclusive):\n      ${top(ours, 6) || "(none)"}${INCLUSIVE ? `\n    every function (inclusive):\n      ${top(all, INCLUSIVE)}` : ""}`,
          );
        }
      }
      await context.close();
    }
} finally {
  await browser.close();
  await stack.stop();
}
