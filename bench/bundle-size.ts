import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { frameworkFloor } from "./framework-floor";

/**
 * The JavaScript and CSS each public page (and each signed-in screen people use most) loads before it is interactive, from the build's
 * manifest (no browser): the entry's static imports plus the lazily split chunks of the page's
 * route files and their static imports (the landing: its own entry alone), gzip-compressed as a CDN would send them.
 * `npm run bench:size` after a build; writes bench/results/bundle-size-latest.json and prints a table.
 * With `--check` it exits non-zero when a page is over its budget.
 */
type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string };
export type Manifest = Record<string, Chunk>;

const CLIENT = "dist/client";
export const MANIFEST = join(CLIENT, ".vite/manifest.json");

/**
 * The pages of the shop window, by the route files that draw them (layouts first). `budgetKb` is
 * the page-weight target for a mid-range phone; `ceilingKb` is what `npm test` enforces (tests/integration/page-weight): the
 * last measured weight plus about 2 KB, never above the target, lowered whenever a page gets lighter,
 * so no change can make a page heavier unnoticed. What moved each ceiling: bench/README.md, "What moved the
 * ceilings".
 */
export const PAGES: Record<string, { routes: string[]; entry?: string; budgetKb: number; ceilingKb: number }> = {
  // A visitor's landing boots its own small script, not the app (src/landing-island.ts, ADR 0018).
  "/ (landing)": { routes: [], entry: "src/landing-island.ts", budgetKb: 100, ceilingKb: 4 },
  // Browse and the profile are over their 130 KB target: their ceilings follow what was measured. The framework alone
  // (React, TanStack Router, Query and the tRPC client: bench/framework-floor.ts) is about 108 KB of it, Lingui and the
  // public pages' English about 6 KB; what is left over the target is in bench/README.md, "What moved the ceilings".
  "/browse/mentor/all": { routes: ["src/routes/browse/mentor/$search.tsx"], budgetKb: 130, ceilingKb: 138.5 },
  "/browse/mentor/profile/:id": { routes: ["src/routes/browse/mentor/profile/$id.tsx"], budgetKb: 130, ceilingKb: 141.3 },
  // The signed-in screens people use most: the area's layout and the page, before its lazy parts (charts, the calendar,
  // the live call) load. Target 200 KB; the ceilings are the measured weights, never above the target.
  "/mentees (home)": { routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/index.tsx"], budgetKb: 200, ceilingKb: 159.3 },
  "/mentees/booked-slots": {
    routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/booked-slots.tsx"],
    budgetKb: 200,
    ceilingKb: 180.4,
  },
  "/mentees/connect/inbox": {
    routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/connect/inbox/index.tsx"],
    budgetKb: 200,
    ceilingKb: 162.7,
  },
  "/mentors (dashboard)": { routes: ["src/routes/mentors/route.tsx", "src/routes/mentors/index.tsx"], budgetKb: 200, ceilingKb: 161.4 },
  "/mentors/scheduler": { routes: ["src/routes/mentors/route.tsx", "src/routes/mentors/scheduler.tsx"], budgetKb: 200, ceilingKb: 182.9 },
  "/moderator (home)": { routes: ["src/routes/moderator/route.tsx", "src/routes/moderator/index.tsx"], budgetKb: 200, ceilingKb: 158.2 },
};

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length / 1024;

export function pageWeights(manifest: Manifest) {
  return Object.entries(PAGES).map(([page, { routes, entry = "index.html", budgetKb, ceilingKb }]) => {
    if (!manifest[entry]?.isEntry) throw new Error(`No entry ${entry} in the manifest`);
    const routeKeys = Object.keys(manifest).filter((k) => routes.some((r) => k === r || k.startsWith(`${r}?`)));
    if (routeKeys.length < routes.length) throw new Error(`No chunk for ${routes.join(", ")} in the manifest`);
    const keys = closure(manifest, [entry, ...routeKeys]);
    const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
    // The page's stylesheet is in index.html's head, whichever script the page boots.
    const css = [...new Set(["index.html", ...keys].flatMap((k) => manifest[k]?.css ?? []))];
    // Weighed to a tenth of a KB, as the ceilings are set and as tests/integration/page-weight compares them.
    const jsKb = Number(js.reduce((sum, f) => sum + gzipKb(f), 0).toFixed(1));
    const cssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);
    return {
      page,
      jsKb,
      jsFiles: js.length,
      cssKb: Number(cssKb.toFixed(1)),
      budgetKb,
      withinBudget: jsKb <= budgetKb,
      ceilingKb,
      withinCeiling: jsKb <= ceilingKb,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(MANIFEST)) {
    console.error(`No ${MANIFEST}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const rows = pageWeights(JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest);
  console.log("| page | initial JS (gzip) | files | CSS (gzip) | budget |");
  console.log("|---|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.page} | ${r.jsKb} KB | ${r.jsFiles} | ${r.cssKb} KB | ${r.budgetKb} KB ${r.withinBudget ? "ok" : "OVER"} |`);
  // The same run weighs the smallest page the stack can send (bench/framework-floor.ts).
  const floor = await frameworkFloor();
  console.log("\n| framework floor | JS (gzip) |\n|---|---|");
  for (const f of floor) console.log(`| ${f.name} | ${f.jsKb} KB |`);
  writeFileSync("bench/results/bundle-size-latest.json", `${JSON.stringify({ date: new Date().toISOString(), rows, floor }, null, 2)}\n`);
  if (process.argv.includes("--check") && rows.some((r) => !r.withinBudget)) process.exit(1);
}
