import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MANIFEST, PAGES, pageWeights } from "../../bench/bundle-size";

/**
 * The size-only page-weight check (bench/bundle-size.ts), on the build `npm test` just made: the compressed
 * JavaScript each public page loads before it is interactive, from the build's manifest (no
 * browser; Lighthouse runs in `npm run bench:web`). Each page must stay under its ceiling
 * (bench/bundle-size.ts), so a change that makes the shop window heavier fails CI.
 */
describe("page weight", () => {
  const rows = pageWeights(JSON.parse(readFileSync(MANIFEST, "utf8")));

  it("weighs every public page and the main signed-in screens, with the entry and the page's own route code in it", () => {
    expect(rows.map((r) => r.page)).toEqual(Object.keys(PAGES));
    for (const row of rows) {
      const ownEntry = PAGES[row.page].entry !== undefined;
      // React DOM alone is over 50 KB compressed: a smaller number means the count missed the app's entry.
      // A page with its own entry (the landing's small script) boots no React at all.
      if (ownEntry) expect(row.jsKb).toBeGreaterThan(0.5);
      else expect(row.jsKb).toBeGreaterThan(60);
      expect(row.jsFiles).toBeGreaterThanOrEqual(ownEntry ? 1 : 2);
      expect(row.cssKb).toBeGreaterThan(0);
    }
  });

  it.each(Object.keys(PAGES))("%s stays under its ceiling", (page) => {
    const row = rows.find((r) => r.page === page)!;
    expect(
      row.jsKb,
      `${page}: ${row.jsKb} KB of JavaScript before it is interactive (ceiling ${row.ceilingKb} KB, target ${row.budgetKb} KB)`,
    ).toBeLessThanOrEqual(row.ceilingKb);
  });
});
