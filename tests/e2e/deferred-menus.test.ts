import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "../../db/schema";
import { createMentee, testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";

/**
 * The bell's and the account menu's dropdown code loads after a signed-in page (src/ui/deferred-menu.tsx).
 * Reaching for a menu before it has arrived must still open it, once it has: a click, or Enter with the keyboard.
 */
const b = useBrowser();

/** Holds the dropdown's code on the network until `release()`, as a slow connection would. */
async function holdMenuCode(page: typeof b.page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/assets\/dropdown-menu-[^/]*\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, asked };
}

/** A new mentee on her home with the dropdown's code held on the network, and her account menu's trigger. */
async function homeWithMenuHeld(page: typeof b.page, firstName: string, lastName: string) {
  const mentee = await createMentee({ firstName, lastName });
  const code = await holdMenuCode(page);
  await signInInto(page, "mentee", mentee);
  await page.goto("/mentees");
  return { code, trigger: page.getByRole("button", { name: "Account menu" }) };
}

describe("menus whose code comes after the page", () => {
  it("a click on the bell before its code arrived opens it when it does, and marks her notifications read", async () => {
    const page = b.page;
    const mentee = await createMentee({ firstName: "Della", lastName: "Menu" });
    await testDb().insert(notifications).values({
      recipientRole: "mentee",
      recipientId: mentee.id,
      type: "alert",
      kind: "account",
      content: "A notice to open the bell for",
    });
    const code = await holdMenuCode(page);
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees");
    const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    await expect.poll(() => code.asked.length).toBeGreaterThan(0);
    // Nothing opens while the code is on its way: the trigger says it has a menu, closed.
    expect(await bell.getAttribute("aria-haspopup")).toBe("menu");
    expect(await page.getByRole("menu").count()).toBe(0);
    code.release();
    await page.getByRole("menu", { name: "Notifications" }).getByText("A notice to open the bell for").waitFor();
    await expect
      .poll(
        async () => (await testDb().select().from(notifications).where(eq(notifications.recipientId, mentee.id))).every((n) => n.isRead),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it("Enter on the focused account menu before its code arrived opens it when it does; Escape returns the focus to it", async () => {
    const page = b.page;
    const { code, trigger } = await homeWithMenuHeld(page, "Kira", "Keys");
    await trigger.focus();
    await page.keyboard.press("Enter");
    code.release();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Logout" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    // Radix gives the focus back in a task after the menu has gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Account menu");
  });

  it("a press that began before the code arrived and ended after it still opens the menu", async () => {
    const page = b.page;
    const { code, trigger } = await homeWithMenuHeld(page, "Pia", "Press");
    await trigger.waitFor();
    await expect.poll(() => trigger.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")))).toBe(true);
    const box = (await trigger.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    code.release();
    // The plain trigger is swapped for Radix's while the button is held down.
    await page.locator('[aria-label="Account menu"][data-state]').waitFor();
    await page.mouse.up();
    await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).waitFor({ timeout: 10_000 });
  });
});
