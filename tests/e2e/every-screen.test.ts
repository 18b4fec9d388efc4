import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pathOf, useConcurrentBrowser } from "../support/browser";
import { watchPolicies } from "../support/policies";
import { makeWorld, routeFiles, routesOf, signInAs, VISITORS, visits, type World } from "../support/route-visits";

/**
 * Every route of every role, as fresh accounts of each role
 * (tests/support/route-visits.ts, whose table must name every route file), at 1280 and 360 px: no
 * axe violation of WCAG 2.2 A/AA, no Content-Security-Policy violation, no console
 * error, no error page, the skip link first, and at 360 px nothing wider than the screen.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const b = useConcurrentBrowser({ viewport: { width: 1280, height: 900 }, permissions: ["camera", "microphone"] }, [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
]);

/** Pages visited on purpose with a link that is not valid (a made-up token or payment): the browser logs the API's refusal, which the page then explains. */
const EXPECTED_REFUSALS: Record<string, number> = { "/auth/verify-email": 400, "/mentees/payment/success/cs_test_csp": 404 };
const expectedRefusal = (url: string, text: string) => {
  const status = EXPECTED_REFUSALS[url.split("#")[0]];
  return (
    status !== undefined &&
    text === `Failed to load resource: the server responded with a status of ${status} (${status === 400 ? "Bad Request" : "Not Found"})`
  );
};

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** axe run in the page (through the DevTools protocol, so the page's CSP does not refuse it). */
async function axeViolations(page: Page): Promise<string[]> {
  // Entrance animations first run to their end (a card fading in is not low contrast); endless ones (spinners) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(`${AXE_SOURCE};0`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  }, WCAG);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

const PHONE = 360;

/** How wide the page's content is, and the widest elements sticking out past the right edge (to name in a failure). */
function overflow(page: Page) {
  return page.evaluate((width) => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== "fixed")
      .filter((el) => !el.closest("[data-sonner-toaster]"))
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), wide };
  }, PHONE);
}

/** Every page starts with "Skip to main content", aimed at its one <main id="main">; a problem in words, or null. */
async function skipLinkProblem(page: Page): Promise<string | null> {
  const skip = await page.evaluate(() => ({
    first:
      (
        document.querySelector("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])") as HTMLElement | null
      )?.textContent?.trim() ?? null,
    mains: document.querySelectorAll("main#main").length,
  }));
  return skip.first === "Skip to main content" && skip.mains === 1
    ? null
    : `first focusable ${JSON.stringify(skip.first)}, ${skip.mains} main#main`;
}

const SWEEPS = VISITORS.flatMap(([who, role]) => [1280, PHONE].map((width) => [who, width, role] as const));

/**
 * The sweeps run at the same time (most of a visit is waiting for the network to go quiet), one role's
 * two widths one after the other: two sweeps of one account at once would be two of her devices in the
 * same live room.
 */
const roleTurns = new Map<string, Promise<unknown>>();
function inRoleTurn<T>(who: string, run: () => Promise<T>): Promise<T> {
  const mine = (roleTurns.get(who) ?? Promise.resolve()).catch(() => undefined).then(run);
  roleTurns.set(who, mine);
  return mine;
}

describe("every screen of every role", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("covers every route of the app", () => {
    expect(Object.keys(visits(world)).sort()).toEqual(routeFiles());
  });

  it.concurrent.for(SWEEPS)(
    "visited %s at %i px: no axe WCAG 2.2 A/AA violation, no console error, the skip link first, nothing wider than a phone",
    { timeout: 240_000 },
    ([who, width, role], { expect }) =>
      inRoleTurn(who, () =>
        // One sweep of each role runs under the service worker (ADR 0027), as a person has it: registering it and its
        // answers must not log an error. The others block it, so each does not download the precache again.
        b.withContext(`${who} at ${width}`, { serviceWorkers: width === PHONE ? "allow" : "block" }, async (context, page) => {
          const withWorker = width === PHONE;
          await page.setViewportSize({ width, height: width === PHONE ? 740 : 900 });
          const errors: string[] = [];
          let current = "";
          // The page before `current`: a refusal it expects may still be logged while the next page loads (the payment
          // page polls its 404 again while it is open, and a busy machine can fire that poll as the next visit starts).
          let previous = "";
          // The console names no address; the responses do, so a failure says which request it was.
          let lastRefused = "";
          page.on("console", (message) => {
            const text = message.text();
            if (message.type() === "error" && !expectedRefusal(current, text) && !expectedRefusal(previous, text))
              errors.push(`${current}: ${text}${text.startsWith("Failed to load resource") ? ` (last refused: ${lastRefused})` : ""}`);
          });
          page.on("pageerror", (error) => errors.push(`${current}: ${error.message}`));
          page.on("response", (response) => {
            const status = response.status();
            if (status >= 400) lastRefused = `${status} from ${response.request().method()} ${new URL(response.url()).pathname}`;
            if (status >= 500) errors.push(`${current}: ${lastRefused}`);
          });
          // Zero Content-Security-Policy (and Permissions-Policy) violations on every page.
          const violations = await watchPolicies(context);
          if (role) await signInAs(page, world, role);
          const found: string[] = [];
          const routes = routesOf(world, role);
          expect(routes.length).toBeGreaterThan(0);
          for (const { url } of routes) {
            previous = current;
            current = url;
            // A page that is to show a refusal is left only once the browser logged it: on a loaded machine its request
            // can come after the network first went quiet, and its error must not be counted against the next page.
            const refused = EXPECTED_REFUSALS[url.split("#")[0]]
              ? page.waitForEvent("console", { predicate: (m) => expectedRefusal(url, m.text()), timeout: 30_000 })
              : null;
            await page.goto(url, { waitUntil: "networkidle" });
            await refused;
            // The network going quiet is not the page drawn: on a saturated machine the route's code can still be running.
            // A page that never draws its main is named below (the skip-link check), after this wait.
            await page
              .locator("main#main")
              .first()
              .waitFor({ state: "attached", timeout: 15_000 })
              .catch(() => undefined);
            // networkidle has waited out the lazy code and the reads; a few frames more let what they bring render before axe reads the page.
            await page.waitForTimeout(100);
            // Charts are drawn when they come near the screen: scrolled to, so axe reads them drawn too.
            for (let charts = 0; charts < 10 && (await page.locator("[data-chart-pending]").count()) > 0; charts++) {
              const pending = await page.locator("[data-chart-pending]").first().elementHandle();
              // The chart may be drawn (its placeholder gone) between finding it and scrolling to it: the loop looks again.
              await pending?.scrollIntoViewIfNeeded().catch(() => undefined);
              await pending?.waitForElementState("hidden", { timeout: 15_000 }).catch(() => undefined);
            }
            expect(await page.locator("[data-chart-pending]").count(), `${url}: a chart was not drawn once scrolled to`).toBe(0);
            // Back at the top, as the page opened: nothing under the sticky header for axe to find obscured.
            await page.evaluate(() => window.scrollTo(0, 0));
            // A signed-in visit stays on its page (not sent to sign in, not to another page).
            if (role) expect(pathOf(page), url).toBe(url.split("#")[0]);
            expect(await page.getByRole("heading", { name: /^(Page not found|Something Went Wrong)/ }).count(), url).toBe(0);
            for (const violation of await axeViolations(page)) found.push(`${url}: ${violation}`);
            const skip = await skipLinkProblem(page);
            if (skip) found.push(`${url}: ${skip}`);
            if (width === PHONE) {
              const { scrollWidth, wide } = await overflow(page);
              if (scrollWidth > PHONE) found.push(`${url}: ${scrollWidth} px wide at ${PHONE} px (${wide.join("; ")})`);
            }
          }
          expect(found).toEqual([]);
          expect(violations).toEqual([]);
          expect(errors).toEqual([]);
          // The later visits ran under the service worker the first one registered.
          if (withWorker) expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), who).toBe(true);
        }),
      ),
  );
});
