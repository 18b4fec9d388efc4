import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";
import { makeWorld, signInAs, type World } from "../support/route-visits";

/** Issue 28: a keyboard reaches "Skip to main content" first on every layout, and it moves the focus into the page. */
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
});
