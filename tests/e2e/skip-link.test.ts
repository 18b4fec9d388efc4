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

  it.each([
    [null, "/"],
    [null, "/browse/mentor/all"],
    [null, "/auth/login?mentees"],
    [null, "/no-such-page"],
    ["mentee", "/mentees/booked-slots"],
    ["mentor", "/mentors/scheduler"],
    ["moderator", "/moderator/audit-log"],
  ] as const)("as %s on %s: the first Tab shows it, Enter puts the focus on the main content", async (role, url) => {
    const page = b.page;
    if (role) await signInAs(page, world, role);
    await page.goto(url, { waitUntil: "networkidle" });
    // A public page's pre-rendered shell is inert until the app replaces it: a Tab before then reaches nothing.
    await page.waitForFunction(() => !document.querySelector("#root > [inert]"));
    await page.keyboard.press("Tab");
    const link = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    // Hidden until focused, then on screen.
    const box = await link.boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    // In the app the link moves the focus without touching the address; the pre-rendered landing has no app script, so there the browser follows "#main".
    expect(new URL(page.url()).hash).toBe(url === "/" ? "#main" : "");
    // The next Tab goes into the page, past the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  it.each([
    ["mentor", "/mentors/profile", 1280],
    ["mentor", "/mentors/profile", 360],
  ] as const)(
    "as %s on %s at %i px: walking back up a long form with Shift+Tab, each field is scrolled clear of the sticky header",
    async (role, url, width) => {
      const page = b.page;
      await page.setViewportSize({ width, height: 640 });
      await signInAs(page, world, role);
      await page.goto(url, { waitUntil: "networkidle" });
      const header = page.locator("header").first();
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
          `a focused field at ${focus.top} px is under the header ending at ${bar.y + bar.height} px: ${focus.what}`,
        ).toBeGreaterThanOrEqual(bar.y + bar.height);
        checked++;
      }
      expect(checked, "the page scrolled to fields below the first screen").toBeGreaterThan(0);
    },
  );
});
