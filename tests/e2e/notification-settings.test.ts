import { describe, expect, it } from "vitest";
import { createMentee } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";

/**
 * The notification settings' switches (ADR 0027) as touch targets: each whole row is its switch's label, at least
 * 44 by 44 px, on a computer and on a phone; a tap on the words, a click or Space turns it, and it stays turned.
 */
const b = useBrowser();

describe("the notification settings' switches", () => {
  it.each([
    [1280, 800],
    [360, 740],
  ])("at %ix%i every switch has a hit area of at least 44 by 44 px, its words turn it, and so does Space", async (width, height) => {
    const mentee = await createMentee({ firstName: "Tara", lastName: "Touch" });
    const phone = width < 640;
    const page = await (
      await b.newContext({ viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) })
    ).newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/notifications");
    const switches = page.getByRole("switch");
    await expect.poll(() => switches.count()).toBe(13);

    for (let i = 0; i < 13; i++) {
      const toggle = switches.nth(i);
      const name = (await toggle.getAttribute("id"))!;
      await toggle.scrollIntoViewIfNeeded();
      // The hit area: the label the switch sits in, the whole row.
      const area = (await page.locator(`label[for="${name}"]`).boundingBox())!;
      const own = (await toggle.boundingBox())!;
      expect(area.height, name).toBeGreaterThanOrEqual(44);
      expect(area.width, name).toBeGreaterThanOrEqual(44);
      expect(own.x >= area.x && own.x + own.width <= area.x + area.width, name).toBe(true);
      expect(own.width, name).toBeGreaterThanOrEqual(44);
      expect(area.x + area.width, name).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Named for a screen reader with its kind; security e-mails are always sent, so that switch is on and locked.
    const pushReminders = page.getByRole("switch", { name: "Push for session reminders" });
    expect(await pushReminders.isChecked()).toBe(true);
    const accountEmail = page.getByRole("switch", { name: /^E-mail \(always\) for account and payments$/ });
    expect(await accountEmail.isDisabled()).toBe(true);

    // A tap (or click) on the row's words turns it off; it stays off after a reload.
    const row = page.locator(`label[for="${await pushReminders.getAttribute("id")}"]`);
    // At the start of the row, on its words, far from the switch at its end.
    const words = { position: { x: 12, y: 22 } };
    if (phone) await row.tap(words);
    else await row.click(words);
    await expect.poll(() => pushReminders.isChecked()).toBe(false);
    await expect.poll(() => pushReminders.isEnabled()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Push for session reminders" }).isChecked()).toBe(false);

    // The keyboard: Tab reaches it, Space turns it back on.
    const again = page.getByRole("switch", { name: "Push for session reminders" });
    await again.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => again.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Push for session reminders" }).isChecked()).toBe(true);
  });
});
