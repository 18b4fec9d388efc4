import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";
import { makeWorld, routeFiles, routesOf, signInAs, visits, VISITORS, type World } from "../support/route-visits";

/**
 * Issue 28: every route of every role, as fresh accounts of each role, at 1280 px: no axe violation
 * of WCAG 2.2 A/AA and no console error. (The 360 px sweep, tests/e2e/no-sideways-scroll.test.ts,
 * visits the same routes for sideways scroll and the skip link.)
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const b = useBrowser({ viewport: { width: 1280, height: 900 }, permissions: ["camera", "microphone"] }, ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** axe run in the page (through the DevTools protocol, so the page's CSP does not refuse it). */
async function axeViolations(page: Page): Promise<string[]> {
  // Entrance animations first run to their end (a card fading in is not low contrast); endless ones (spinners) are left alone.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(`${AXE_SOURCE};0`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  }, WCAG);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

describe("every screen of every role (issue 28)", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("covers every route of the app", () => {
    expect(Object.keys(visits(world)).sort()).toEqual(routeFiles());
  });

  it.each(VISITORS)("visited %s at 1280 px: no axe WCAG 2.2 A/AA violation, no console error", async (_who, role) => {
    const page = b.page;
    const errors: string[] = [];
    let current = "";
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${current}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${current}: ${error.message}`));
    if (role) await signInAs(page, world, role);
    const found: string[] = [];
    for (const { url } of routesOf(world, role)) {
      current = url;
      await page.goto(url, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      for (const violation of await axeViolations(page)) found.push(`${url}: ${violation}`);
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
