import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedSession, useBrowser, waitForPath, watchLayoutShifts } from "../support/browser";
import { withoutPageData } from "../support/page-data";

/** Journey (SPEC §1, §2, §9): the landing page, on a desktop and on a 360 px phone, by mouse and keyboard. */

const b = useBrowser();

const TAGLINES = [
  "Unlock Your Potential: Personalized 1-on-1 Mentorship for Growth.",
  "Connecting Aspirations Worldwide",
  "Empower Your Journey: Discover Tailored Mentorship at Your Fingertips.",
];
const HERO = "Learn a new skill, launch a project, land your dream career.";

type SearchAnswer = { input: Record<string, unknown>; mentors: { id: string; firstName: string; lastName: string }[] };

/**
 * Opens the landing page and returns the mentor search it shows (its input and the mentors answered):
 * the Worker draws the featured mentors into the HTML with the answer beside them (worker/pages/public-pages.routes.ts).
 */
async function openLanding(page: Page): Promise<SearchAnswer> {
  await page.goto("/");
  const seed = JSON.parse((await page.locator("script#page-data").textContent({ timeout: 5_000 })) ?? "{}") as {
    input: Record<string, unknown>;
    answer: SearchAnswer["mentors"];
  };
  return { input: seed.input, mentors: seed.answer };
}

/** The app's entry and the file of what every page boots with (scripts/chunk-groups.ts). */
const APP_SCRIPT = /^(index|boot)-[\w-]+\.js$/;

/** The scripts a page has requested so far, by file name. */
function scriptsRequested(page: Page): () => string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") seen.push(new URL(r.url()).pathname.split("/").pop() ?? "");
  });
  return () => [...seen];
}

/** The typed part of the typewriter heading (aria-hidden; the sr-only copy holds every tagline). */
const typedText = (page: Page) =>
  page
    .locator("main p [data-typed]")
    .first()
    .evaluate((el) => el.textContent ?? "");

describe("landing page", () => {
  it("a visitor's landing shows the top bar, hero, typewriter, the first 4 mentors of the default search and the footer, running its small script, not the app, until the search box needs it", async () => {
    const page = b.page;
    const scripts = scriptsRequested(page);
    const shifts = await watchLayoutShifts(page);
    const search = await openLanding(page);

    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Become a Mentor", "Find a Mentor", "Login"])
      expect(await nav.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Become a Mentor" }).getAttribute("href")).toBe("/auth/mentor-register");
    expect(await nav.getByRole("link", { name: "Find a Mentor" }).getAttribute("href")).toBe("/browse/mentor/all");
    expect(await nav.getByRole("link", { name: "Login", exact: true }).getAttribute("href")).toBe("/auth/login");
    const header = await page
      .locator("header")
      .first()
      .evaluate((el) => ({ position: getComputedStyle(el).position, height: el.getBoundingClientRect().height }));
    expect(header.position).toBe("sticky");
    expect(header.height).toBeGreaterThanOrEqual(58);

    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(HERO);

    // The typewriter (the landing's own small script) holds the first tagline, deletes it letter by letter and types
    // the next, with a red cursor, moving nothing on the page.
    await expect.poll(() => typedText(page), { timeout: 5_000 }).toMatch(/^Unlock Your P/);
    await expect.poll(() => typedText(page), { timeout: 5_000 }).not.toBe(TAGLINES[0]);
    const partial = await typedText(page);
    expect(TAGLINES[0].startsWith(partial)).toBe(true);
    await expect.poll(() => typedText(page), { timeout: 8_000 }).toMatch(/^Connecting Asp/);
    expect(await shifts()).toBeLessThan(0.001);
    await page.waitForLoadState("networkidle");
    expect(scripts().some((f) => f.startsWith("landing-island-"))).toBe(true);
    // No framework and no app entry: the page stays the HTML the Worker sent.
    expect(scripts().filter((f) => APP_SCRIPT.test(f))).toEqual([]);
    expect(await page.evaluate(() => document.querySelector("[data-prerender=landing]") !== null)).toBe(true);
    // The cursor is the typed text's right border, blinking: read at the start of its blink.
    const cursor = await page.locator("main p [data-typed]").evaluate((el) => {
      const blinks = el.getAnimations();
      blinks.forEach((a) => {
        a.pause();
        a.currentTime = 0;
      });
      return { color: getComputedStyle(el).borderRightColor, width: getComputedStyle(el).borderRightWidth, blinks: blinks.length };
    });
    expect(cursor.color).toBe("rgb(255, 0, 0)");
    expect(parseFloat(cursor.width)).toBeGreaterThan(1);
    expect(cursor.blinks).toBe(1);

    // The featured list: the first 4 mentors of the default search (empty text, price 'a', rating '9'),
    // the same the API answers.
    expect(search.input).toMatchObject({ search: "", price: "a", rating: "9", limit: 4 });
    // Files running beside this one add mentors: a landing and the API's answer read right after it are compared, with
    // a fresh landing while the two were read on either side of such a change.
    let shown = search;
    await expect
      .poll(
        async () => {
          const api = await page.request.get(`/trpc/mentors.search?input=${encodeURIComponent(JSON.stringify(shown.input))}`);
          const answer = ((await api.json()) as { result: { data: unknown } }).result.data;
          if (JSON.stringify(answer) === JSON.stringify(shown.mentors)) return true;
          shown = await openLanding(page);
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(shown.mentors).toHaveLength(4);
    const list = page.getByRole("list", { name: "Featured mentors" });
    await list.waitFor();
    const cards = list.getByRole("article");
    expect(await cards.count()).toBe(4);
    for (const [i, mentor] of shown.mentors.entries()) {
      const name = `${mentor.firstName} ${mentor.lastName}`;
      const card = cards.nth(i);
      expect(await card.getByRole("heading", { level: 3 }).textContent()).toBe(name);
      expect(await card.getByRole("link", { name: `Profile of ${name}` }).getAttribute("href")).toBe(`/browse/mentor/profile/${mentor.id}`);
    }

    const footer = page.locator("footer");
    expect(await footer.getByText(/^© 2023 MentorLink\. All Rights Reserved\.$/).isVisible()).toBe(true);
    expect(
      await footer
        .getByRole("list", { name: "Social media" })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")])),
    ).toEqual([
      ["Instagram", "/"],
      ["Facebook", "/"],
      ["LinkedIn", "/"],
      ["Twitter", "/"],
    ]);
    // Finding a mentor and booking a session start from the directory.
    for (const name of ["Find a Mentor", "Book a Session"])
      expect(await footer.getByRole("navigation", { name: "Platform" }).getByRole("link", { name }).getAttribute("href")).toBe(
        "/browse/mentor/all",
      );
    // Still without the app (a fresh landing read above is the same HTML).
    expect(scripts().filter((f) => APP_SCRIPT.test(f))).toEqual([]);

    // The search box sends the words to the browse page, where the app runs.
    const box = page.getByRole("searchbox", { name: "Search Skills and Mentors" });
    await box.fill("  design  ");
    await box.press("Enter");
    await waitForPath(page, "/browse/mentor/design");
    await page.getByRole("heading", { level: 1, name: 'Mentors for "design"' }).waitFor();
    expect(scripts().some((f) => APP_SCRIPT.test(f))).toBe(true);
  });

  it("opens a featured mentor's profile from its card", async () => {
    const page = b.page;
    const { mentors } = await openLanding(page);
    const first = mentors[0];
    await page.getByRole("link", { name: `Profile of ${first.firstName} ${first.lastName}` }).click();
    await waitForPath(page, `/browse/mentor/profile/${first.id}`);
  });

  it("keyboard: Tab reaches the Login link, which shows a visible focus ring, and Enter opens sign-in", async () => {
    const page = b.page;
    await openLanding(page);
    const login = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true });
    const unfocused = await login.evaluate((el) => getComputedStyle(el).boxShadow);

    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await login.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const focused = await login.evaluate((el) => ({ visible: el.matches(":focus-visible"), boxShadow: getComputedStyle(el).boxShadow }));
    expect(focused.visible).toBe(true);
    // Tailwind's ring is a box-shadow; with the outline removed, the ring must be there instead.
    expect(focused.boxShadow).not.toBe(unfocused);
    expect(focused.boxShadow).toMatch(/(oklch|rgb)\([^)]*\) 0px 0px 0px [1-9]\d*px/);

    await page.keyboard.press("Enter");
    await waitForPath(page, "/auth/login");
  });
});

describe("landing page on a 360 px phone", () => {
  it("has no horizontal scroll, and the menu button opens the panel with the two links", async () => {
    const context = await b.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openLanding(page);
    await page.getByRole("list", { name: "Featured mentors" }).waitFor();
    expect(await page.getByRole("list", { name: "Featured mentors" }).getByRole("article").count()).toBe(4);

    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    // Nothing sticks out to the right either (an overflow hidden by a parent would not show in scrollWidth).
    const widest = await page.evaluate(() =>
      Math.max(...[...document.body.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(360.5);

    const nav = page.getByRole("navigation", { name: "Main" });
    // The two links live in the collapsed panel on a phone.
    expect(await nav.getByRole("link", { name: "Become a Mentor" }).isVisible()).toBe(false);
    const menu = page.getByRole("button", { name: "Open menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    const panelId = (await menu.getAttribute("aria-controls"))!;
    const panel = page.locator(`[id="${panelId}"]`);
    expect(await panel.isVisible()).toBe(false);

    await menu.click();
    const close = page.getByRole("button", { name: "Close menu" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");
    await panel.waitFor({ state: "visible" });
    expect(await panel.getByRole("link").allTextContents()).toEqual(["Become a Mentor", "Find a Mentor"]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

    await panel.getByRole("link", { name: "Become a Mentor" }).click();
    await waitForPath(page, "/auth/mentor-register");
  });

  it("paints the nav, hero, welcome, featured mentors and footer from the HTML alone; other paths never show it", async () => {
    const noScript = await (await b.newContext({ javaScriptEnabled: false })).newPage();
    await noScript.goto("/");
    const nav = noScript.getByRole("navigation", { name: "Main" });
    for (const name of ["Become a Mentor", "Find a Mentor", "Login"])
      expect(await nav.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    expect(await noScript.getByRole("heading", { level: 1 }).textContent()).toBe(HERO);
    // The first tagline in full (the browser types it once a script runs), styled by the CSS from the head.
    expect(await typedText(noScript)).toBe(TAGLINES[0]);
    const hero = await noScript.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).fontWeight);
    expect(hero).toBe("700");
    expect(await noScript.getByText(/^Welcome to MentorLink\./).isVisible()).toBe(true);
    // The Worker drew the featured mentors into the HTML.
    expect(await noScript.getByRole("list", { name: "Featured mentors" }).getByRole("article").count()).toBe(4);
    expect(await noScript.getByRole("contentinfo").isVisible()).toBe(true);

    // The same index.html answers every other path: before the app's code arrives (blocked here),
    // the head's inline guard keeps the landing hidden there, and shows it on / only (the browse and
    // profile shells are tested in first-paint.test.ts).
    const beforeApp = await (await b.newContext()).newPage();
    await beforeApp.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await beforeApp.goto("/auth/login");
    expect(await beforeApp.getByRole("heading", { level: 1, name: HERO }).isVisible()).toBe(false);
    expect(await beforeApp.locator("body").innerText()).toBe("");
    await beforeApp.goto("/");
    expect(await beforeApp.getByRole("heading", { level: 1, name: HERO }).isVisible()).toBe(true);
  });

  it("without the featured mentors in the HTML (the database could not answer), the app starts and loads them", async () => {
    const page = b.page;
    const scripts = scriptsRequested(page);
    await withoutPageData(page, /\/$/);
    const [search] = await Promise.all([page.waitForResponse((r) => r.url().includes("/trpc/mentors.search")), page.goto("/")]);
    expect(search.status()).toBe(200);
    expect(scripts().some((f) => APP_SCRIPT.test(f))).toBe(true);
    await page.getByRole("list", { name: "Featured mentors" }).getByRole("article").first().waitFor();
  });

  it("for a signed-in visitor the app takes over the landing at once, without a layout shift, drawing from the HTML's answer", async () => {
    const page = b.page;
    await seedSession(page, "mentor", { id: "seeded-mentor", name: "Seeded Mentor", accessToken: "x.y.z", refreshToken: "a.b" });
    const shifts = await watchLayoutShifts(page);
    const searches: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/trpc/mentors.search")) searches.push(r.url());
    });
    await openLanding(page);
    // The pre-rendered block is gone once React has drawn the page.
    await expect
      .poll(() => page.evaluate(() => document.querySelector("[data-prerender=landing]") === null), { timeout: 10_000 })
      .toBe(true);
    await page.getByRole("list", { name: "Featured mentors" }).getByRole("article").first().waitFor();
    await expect.poll(() => typedText(page), { timeout: 5_000 }).not.toBe(TAGLINES[0]);
    // The header and hero never moved while React replaced the HTML, nor while the taglines were typed.
    expect(await shifts()).toBeLessThan(0.05);
    // The app drew the featured mentors from the answer in the HTML: it asked for nothing.
    expect(searches).toEqual([]);
  });

  it("the user menu starts the app when it is opened, without a layout shift: a visitor is offered Sign in and Sign up, and Escape closes it", async () => {
    const page = b.page;
    const shifts = await watchLayoutShifts(page);
    await openLanding(page);
    const trigger = page.getByRole("button", { name: "User menu" });
    await trigger.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    // Nothing greyed out: what a signed-out visitor can do.
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual(["Sign in", "Sign up"]);
    expect(await menu.locator("[data-disabled]").count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector("[data-prerender=landing]") === null)).toBe(true);
    expect(await shifts()).toBeLessThan(0.05);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    // Opens again from the keyboard once loaded.
    await page.getByRole("button", { name: "User menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
  });
});

describe("the landing's Find a mentor action, at 1280x800 and 360x740", () => {
  it("is in view under the welcome at both widths and opens browse; the featured cards say when each mentor is next free", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const search = await openLanding(page);
    const action = page.getByRole("main").getByRole("link", { name: "Find a mentor", exact: true });
    // Featured mentors with an open time show it, in the browser's zone, before the app runs.
    const withTime = search.mentors.filter((m) => (m as { nextFreeAt?: string | null }).nextFreeAt);
    const times = page.getByRole("list", { name: "Featured mentors" }).getByTestId("mentor-next-free");
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      const box = await action.boundingBox();
      expect(box!.y + box!.height, `at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
      expect(await times.count()).toBe(withTime.length);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${viewport.width} px`).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    await action.click();
    await waitForPath(page, "/browse/mentor/all");
    await page.getByRole("heading", { level: 1, name: "Find a Mentor" }).waitFor();
  });
});
