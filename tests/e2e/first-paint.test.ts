import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentor } from "../support/accounts";
import { useBrowser, watchLayoutShifts } from "../support/browser";

/**
 * The browse and profile pages paint their nav, controls and skeletons from the HTML, before
 * the app's code has arrived, and the app takes them over without a layout shift.
 */

const b = useBrowser();
const HERO = "Learn a new skill, launch a project, land your dream career.";

/** A page whose app code never arrives: what shows is what the HTML and CSS paint alone. */
async function htmlOnly(path: string): Promise<Page> {
  const page = await (await b.newContext()).newPage();
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  return page;
}

describe("first paint from the HTML", () => {
  it("browse paints its nav, heading, filters and the list's skeletons before any JavaScript when the Worker draws no results, never the landing", async () => {
    // A link from before the price ranges (`?price=b`), which the app rewrites: the Worker sends the plain shell.
    const page = await htmlOnly("/browse/mentor/all?price=b");
    expect(await page.getByRole("heading", { level: 1, name: HERO }).isVisible()).toBe(false);
    // The shell is a placeholder (inert): it paints, but is hidden from assistive technology until the
    // app runs, so it is found by its markup here, not by role.
    const shell = page.locator("[data-prerender=browse]");
    expect(await shell.locator("nav[aria-label=Main] a[href='/browse/mentor/all']").first().isVisible()).toBe(true);
    // Inert: its controls take no focus, so nothing typed into the placeholder is lost when the app replaces it.
    expect(
      await shell
        .locator("input")
        .first()
        .evaluate((el) => (el.focus(), document.activeElement === el)),
    ).toBe(false);
    expect(await shell.isVisible()).toBe(true);
    expect(await shell.getAttribute("inert")).toBe("");
    expect(await shell.locator("h1").textContent()).toBe("Find a Mentor");
    expect(await shell.getByText("Loading mentors…").count()).toBe(1);
    const skeletons = await shell.locator(".animate-pulse").count();
    expect(skeletons).toBeGreaterThan(0);
    // Styled by the CSS in the head: the heading is bold.
    expect(await shell.locator("h1").evaluate((el) => getComputedStyle(el).fontWeight)).toBe("700");
    expect(await page.locator("[data-prerender=profile]").count()).toBe(0);
  });

  it("browse paints its results from the HTML before any JavaScript (the Worker draws the search)", async () => {
    const mentor = await createMentor({ firstName: "Hattie", lastName: `Drawn${Date.now()}` });
    const page = await htmlOnly(`/browse/mentor/${mentor.lastName}?sort=price-asc`);
    const shell = page.locator("[data-prerender=browse]");
    expect(await shell.locator("h1").textContent()).toBe(`Mentors for "${mentor.lastName}"`);
    expect(await shell.locator("h3").allTextContents()).toEqual([`Hattie ${mentor.lastName}`]);
    expect(await shell.getByText("Loading mentors…").count()).toBe(0);
    expect(await page.locator("#page-data").count()).toBe(1);
  });

  it("a profile paints its nav and the profile's skeleton before any JavaScript", async () => {
    const page = await htmlOnly("/browse/mentor/profile/0f1e2d3c");
    const shell = page.locator("[data-prerender=profile]");
    expect(await shell.isVisible()).toBe(true);
    expect(await shell.locator("nav[aria-label=Main]").first().isVisible()).toBe(true);
    expect(await shell.locator("[aria-label='Loading profile']").isVisible()).toBe(true);
    expect(await page.locator("[data-prerender=landing]").count()).toBe(0);
    expect(await page.locator("[data-prerender=browse]").count()).toBe(0);
  });

  it("the app takes over browse without a layout shift, and the shell is gone", async () => {
    const mentor = await createMentor({ firstName: "Shellby", lastName: `Paint${Date.now()}` });
    const page = b.page;
    const shifts = await watchLayoutShifts(page);
    await page.goto(`/browse/mentor/${mentor.lastName}`);
    // The Worker drew the result into the HTML; then React replaces the pre-rendered blocks: one page, the app's.
    await expect.poll(() => page.locator("[data-prerender]").count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole("heading", { level: 3, name: `Shellby ${mentor.lastName}` }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Mentors for "${mentor.lastName}"`);
    expect(await shifts()).toBeLessThan(0.05);
  });

  it("a mentor's profile paints the mentor's name and About text from the HTML (the Worker fills the shell)", async () => {
    const mentor = await createMentor({ firstName: "Paige", lastName: "Html", bio: "Mentoring backend engineers since 2012." });
    const page = await htmlOnly(`/browse/mentor/profile/${mentor.id}`);
    const shell = page.locator("[data-prerender=profile]");
    expect(await shell.locator("h1").textContent()).toBe("Paige Html");
    expect(await shell.getByText("Mentoring backend engineers since 2012.").isVisible()).toBe(true);
    expect(await shell.locator("[aria-label='Loading profile']").count()).toBe(0);
  });

  it("the app takes over a profile without a layout shift, and a visitor's page asks for nothing it already has", async () => {
    const mentor = await createMentor({ firstName: "Shelley", lastName: "Profile" });
    const page = b.page;
    const shifts = await watchLayoutShifts(page);
    const profileCalls: string[] = [];
    page.on("request", (r) => void (r.url().includes("/trpc/mentors.profile") && profileCalls.push(r.url())));
    await page.goto(`/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("heading", { level: 1, name: "Shelley Profile" }).waitFor();
    await expect.poll(() => page.locator("[data-prerender]").count()).toBe(0);
    expect(await page.getByText("Subscribe Now").first().isVisible()).toBe(true);
    expect(await shifts()).toBeLessThan(0.05);
    // The answer came with the HTML: the app's first render used it.
    expect(profileCalls).toEqual([]);
  });
});
