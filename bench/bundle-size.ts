import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { frameworkFloor } from "./framework-floor";

/**
 * The JavaScript and CSS each public page (and, since issue 28, each signed-in screen people use most) loads before it is interactive, from the build's
 * manifest (no browser): the entry's static imports plus the lazily split chunks of the page's
 * route files and their static imports (the landing: its own entry alone), gzip-compressed as a CDN would send them (issue 13).
 * `npm run bench:size` after a build; writes bench/results/bundle-size-latest.json and prints a table.
 * With `--check` it exits non-zero when a page is over its budget.
 */
type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string };
export type Manifest = Record<string, Chunk>;

const CLIENT = "dist/client";
export const MANIFEST = join(CLIENT, ".vite/manifest.json");

/**
 * The pages of the shop window, by the route files that draw them (layouts first). `budgetKb` is
 * issue 13's target; `ceilingKb` is what `npm test` enforces (tests/integration/page-weight): the
 * last measured weight plus about 2 KB, never above the target, lowered whenever a page gets lighter,
 * so no change can make a page heavier unnoticed.
 */
export const PAGES: Record<string, { routes: string[]; entry?: string; budgetKb: number; ceilingKb: number }> = {
  // A visitor's landing boots its own small script, not the app (src/landing-island.ts, ADR 0018).
  "/ (landing)": { routes: [], entry: "src/landing-island.ts", budgetKb: 100, ceilingKb: 4 },
  // Issue 23 added sort, prices, response times, return-to, the chunk-failure reload and the error screens' nav
  // (1.1 KB in the entry): the ceilings moved up by what was measured. Trimming back under 130 KB is still open (bench/README, session 44: it needs Query and tRPC off the public pages' first load).
  // Issue 28 (session 30) added the skip link to the public header and the guarded deep link to the area guards (0.3 KB).
  // Issue 26's before and after put two notes routes in the route tree every page loads (0.1 KB).
  // Issue 27's service worker: the entry registers it after the page's load (0.1 KB in every page that boots the app, signed-in
  // screens below included; the registration and its update prompt load then, not before); the landing's script registers it in 0.07 KB.
  // Issue 27's languages: Lingui's runtime (core and React, about 4 KB), the English of what a public page can draw (the
  // common catalog, 4.2 KB) and the switcher are in the entry; each area adds its own catalogs (English or Hindi, loaded with
  // the area) and the marked texts' calls; the reply-time and date words in the reader's language (0.3 KB). Measured and set
  // here (+0.3 KB); cutting back to the targets: see above.
  // Issue 28 (session 35): the signed-in pages' loaders start their first reads (src/lib/first-reads.ts); the loaders sit in
  // the route tree every page loads (0.3 KB).
  // Issue 28 (session 38): a signed-in page drawn by the Worker is taken over where it stands (React's hydrateRoot, 0.45 KB in
  // boot), and the app tells the Worker what it draws with (the page cookie, the zone, a mentee's searches: 0.35 KB in the entry).
  // A person's browser state forgotten when she leaves (ADR 0030): recent searches kept per mentee, and the session telling the
  // entry when someone leaves (0.1 KB; what is forgotten beyond the searches loads only then, src/lib/forget-person.ts).
  "/browse/mentor/all": { routes: ["src/routes/browse/mentor/$search.tsx"], budgetKb: 130, ceilingKb: 140.3 },
  // Issue 26 added the profile's reply time and last active line (0.25 KB: 0.2 in mentor-profile, 0.05 in boot).
  // Issue 28 (session 35): the icons and the chat button the areas share with the profile moved out of its file ("area-shared",
  // scripts/chunk-groups.ts), so every signed-in page stopped loading the profile view (-3.4 KB each); the profile loads one file more (+0.4 KB).
  // Session 38: as browse (+0.8 KB).
  // As browse: a person's browser state forgotten when she leaves (+0.1 KB).
  "/browse/mentor/profile/:id": { routes: ["src/routes/browse/mentor/profile/$id.tsx"], budgetKb: 130, ceilingKb: 143.4 },
  // The signed-in screens people use most (issue 28): the area's layout and the page, before its lazy parts
  // (charts, the calendar, the live call) load. Target 200 KB; ceilings are the measure of session 35 plus about 2 KB, never above
  // the target. Session 35: the profile view left their files (-3.4 KB each); the scheduler's three hidden tabs load when opened (-1.8 KB).
  // Session 37: the bell's and the account menu's dropdown (Radix, about 25 KB) loads after the page (src/components/deferred-menu.tsx).
  "/mentees (home)": { routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/index.tsx"], budgetKb: 200, ceilingKb: 164.8 },
  // Issue 26's before and after: agendas, notes and comments with safe links (0.7 KB), Add/Edit agenda (its form loads on the tap),
  // Session notes and the notes routes (1.6 KB on booked slots, 1.2 on the dashboard and the scheduler).
  "/mentees/booked-slots": { routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/booked-slots.tsx"], budgetKb: 200, ceilingKb: 182.3 },
  "/mentees/connect/inbox": { routes: ["src/routes/mentees/route.tsx", "src/routes/mentees/connect/inbox/index.tsx"], budgetKb: 200, ceilingKb: 168.1 },
  "/mentors (dashboard)": { routes: ["src/routes/mentors/route.tsx", "src/routes/mentors/index.tsx"], budgetKb: 200, ceilingKb: 165.4 },
  "/mentors/scheduler": { routes: ["src/routes/mentors/route.tsx", "src/routes/mentors/scheduler.tsx"], budgetKb: 200, ceilingKb: 187.0 },
  "/moderator (home)": { routes: ["src/routes/moderator/route.tsx", "src/routes/moderator/index.tsx"], budgetKb: 200, ceilingKb: 163.8 },
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
    const jsKb = js.reduce((sum, f) => sum + gzipKb(f), 0);
    const cssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);
    return { page, jsKb: Number(jsKb.toFixed(1)), jsFiles: js.length, cssKb: Number(cssKb.toFixed(1)), budgetKb, withinBudget: jsKb <= budgetKb, ceilingKb, withinCeiling: jsKb <= ceilingKb };
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
  for (const r of rows) console.log(`| ${r.page} | ${r.jsKb} KB | ${r.jsFiles} | ${r.cssKb} KB | ${r.budgetKb} KB ${r.withinBudget ? "ok" : "OVER"} |`);
  // The same run weighs the smallest page the stack can send (bench/framework-floor.ts).
  const floor = await frameworkFloor();
  console.log("\n| framework floor | JS (gzip) |\n|---|---|");
  for (const f of floor) console.log(`| ${f.name} | ${f.jsKb} KB |`);
  writeFileSync("bench/results/bundle-size-latest.json", `${JSON.stringify({ date: new Date().toISOString(), rows, floor }, null, 2)}\n`);
  if (process.argv.includes("--check") && rows.some((r) => !r.withinBudget)) process.exit(1);
}
