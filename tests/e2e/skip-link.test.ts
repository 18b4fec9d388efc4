import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";
import { makeWorld, signInAs, type World } from "../support/route-visits";

/** A keyboard reaches "Skip to main content" first on every layout, and it moves the focus into the page. */
const b = useBrowser();

describe("the skip link", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  /** From a fresh load of `url`: the first Tab shows the link, Enter puts the focus on the main content, the next Tab goes into it. */
  async function checkSkipLink(page: typeof b.page, url: string) {
    await page.goto(url, { waitUntil: "networkidle" });
    // A public page's pre-rendered shell is inert until the app replaces it: a Tab before then reaches nothing.
    await page.waitForFunction(() => !document.querySelector("#root > [inert]"));
    await page.keyboard.press("Tab");
    const link = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement), { message: `the first Tab on ${url}` }).toBe(true);
    // Hidden until focused, then on screen.
    const box = await link.boundingBox();
    expect(box!.width, `the focused link's width on ${url}`).toBeGreaterThan(50);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { message: `the focus after Enter on ${url}` }).toBe("main");
    // In the app the link moves the focus without touching the address; the pre-rendered landing has no app script, so there the browser follows "#main".
    expect(new URL(page.url()).hash, `the address after Enter on ${url}`).toBe(url === "/" ? "#main" : "");
    // The next Tab goes into the page, past the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main"))), `the next Tab on ${url}`).toBe(true);
  }

  // Each page is a fresh load (the first Tab is the document's first); one browser context serves them all, as one
  // visitor's browser would, so the app's files are fetched and compiled once.
  it("signed out on the landing, a browse page, the sign-in page and an unknown page: the first Tab shows it, Enter puts the focus on the main content", async () => {
    for (const url of ["/", "/browse/mentor/all", "/auth/login?mentees", "/no-such-page"]) await checkSkipLink(b.page, url);
  });

  it("as a mentee, a mentor and a moderator in their areas: the first Tab shows it, Enter puts the focus on the main content", async () => {
    const page = b.page;
    for (const [role, url] of [
      ["mentee", "/mentees/booked-slots"],
      ["mentor", "/mentors/scheduler"],
      ["moderator", "/moderator/audit-log"],
    ] as const) {
      // One sign-in at a time, as after signing out of the previous one.
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await signInAs(page, world, role);
      await checkSkipLink(page, url);
    }
  });

  it("as a mentor on /mentors/profile at 1280 px and then 360 px: walking back up a long form with Shift+Tab, each field is scrolled clear of the sticky header", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 640 });
    await signInAs(page, world, "mentor");
    await page.goto("/mentors/profile", { waitUntil: "networkidle" });
    const header = page.locator("header").first();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 640 });
      // From the last field, Shift+Tab walks up the page: each field the browser scrolls back into view would sit at the
      // top edge, under the sticky header, without the page's scroll padding.
      await page.evaluate(() => {
        const fields = [...document.querySelectorAll<HTMLElement>("main input, main textarea, main select, main button")].filter(
          (el) => el.offsetParent !== null,
        );
        window.scrollTo(0, document.documentElement.scrollHeight);
        fields.at(-1)!.focus();
      });
      let checked = 0;
      for (let i = 0; i < 40 && checked < 8; i++) {
        await page.keyboard.press("Shift+Tab");
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el?.closest("main")) return null;
          return { top: el.getBoundingClientRect().top, scrolled: window.scrollY, what: el.outerHTML.slice(0, 160) };
        });
        if (!focus || focus.scrolled === 0) continue;
        const bar = (await header.boundingBox())!;
        expect(
          focus.top,
          `at ${width} px, a focused field at ${focus.top} px is under the header ending at ${bar.y + bar.height} px: ${focus.what}`,
        ).toBeGreaterThanOrEqual(bar.y + bar.height);
        checked++;
      }
      expect(checked, `at ${width} px, the page scrolled to fields below the first screen`).toBeGreaterThan(0);
    }
  });
});
