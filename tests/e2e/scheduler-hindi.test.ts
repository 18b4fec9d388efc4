import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../support/accounts";
import { trpc } from "../support/api";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { MENTOR_ZONE, mentorDay, people, showListDay, wallClock } from "../support/scheduler-page";

/**
 * The mentor's scheduler read in Hindi, wide and on a phone: the keyboard hint names the "Add a slot" form by the
 * form's own Hindi title, the List view's column headers are Hindi, and the time-off dialog says "सेशन" as the rest of
 * the app does and shows the default ask (no note written) in Hindi.
 */
const b = useBrowser({ timezoneId: MENTOR_ZONE });
const SCREENS = [
  { name: "1280x800", viewport: { width: 1280, height: 800 } },
  { name: "360x740", viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
];

async function inHindi(page: Page) {
  await page.goto("/");
  await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
}

describe("the scheduler in Hindi", () => {
  for (const screen of SCREENS) {
    it(`names the Add a slot form as its title does, and the list's columns, in Hindi (${screen.name})`, async () => {
      const { mentor } = await people();
      const context = await b.newContext({ ...screen, timezoneId: MENTOR_ZONE });
      const page = await context.newPage();
      const tokens = await signInInto(page, "mentor", mentor);
      const day = mentorDay(2);
      await trpc(tokens.accessToken).scheduling.publish.mutate({
        slotDetails: { start: wallClock(day, "16:00", MENTOR_ZONE).toISOString() },
      });
      await inHindi(page);
      await page.goto("/mentors/scheduler");
      await page.getByRole("form", { name: "स्लॉट जोड़ें" }).waitFor();
      const hint = (await page.getByTestId("slot-calendar").locator("p.sr-only").textContent()) ?? "";
      expect(hint).toContain("“स्लॉट जोड़ें” फ़ॉर्म");
      expect(hint).not.toContain("Add a slot");

      // The list (a phone's first view; chosen on a wide screen): its column headers, read by screen readers, in Hindi.
      if (screen.viewport.width > 400) await page.locator(".fc-listWeek-button").click();
      await showListDay(page, day);
      const headers = (await page.locator(".fc-list-table thead th").allTextContents()).map((t) => t.trim()).filter(Boolean);
      expect(headers).toEqual(["समय", "स्लॉट"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.viewport.width);
      await context.close();
    });

    it(`time off over a booking says सेशन and shows the default ask in Hindi when no note is written (${screen.name})`, async () => {
      const { mentor, mentee } = await people();
      const context = await b.newContext({ ...screen, timezoneId: MENTOR_ZONE });
      const page = await context.newPage();
      const tokens = await signInInto(page, "mentor", mentor);
      const day = mentorDay(3);
      const [slot] = await trpc(tokens.accessToken).scheduling.publish.mutate({
        slotDetails: { start: wallClock(day, "16:00", MENTOR_ZONE).toISOString() },
      });
      await trpc(await accessTokenFor("mentee", mentee.id)).scheduling.book.mutate({ slotId: slot.id });
      await inHindi(page);
      await page.goto("/mentors/scheduler");
      await page.getByRole("tab", { name: "छुट्टी", exact: true }).click();
      await page.getByLabel("पहला दिन").fill(day);
      await page.getByLabel("आख़िरी दिन").fill(day);
      await page.getByRole("button", { name: "छुट्टी जोड़ें" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("इन सेशन का क्या होगा?").waitFor();
      await dialog.getByText("ये सेशन इस अवधि में आते हैं।", { exact: false }).waitFor();
      expect(await dialog.innerText()).toContain("“मैं उस दिन उपलब्ध नहीं हूँ। कृपया दूसरा समय चुनें।”");
      expect(await dialog.innerText()).not.toMatch(/सत्र|I'm away/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.viewport.width);
      await context.close();
    });
  }
});
