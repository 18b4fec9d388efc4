import { describe, expect, it } from "vitest";
import { toasts, useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { openSection, people } from "../support/scheduler-page";

/**
 * A mentor connects her Google Calendar in Chromium: from the scheduler's "My calendars" tab, through the local
 * Google consent screen (ADR 0033) and the app's real callback, back to the tab that says it worked and lists the
 * account; then the same tab on a phone.
 */
const b = useBrowser({ viewport: { width: 1280, height: 800 } });

describe("connecting Google Calendar", () => {
  it("goes through Google's consent and lists the account on the Calendars card, on a desktop and on a phone", async () => {
    const { mentor } = await people();
    const page = b.page;
    const pageCookie = page.waitForResponse((r) => r.url().endsWith("/page-session") && r.request().method() === "POST");
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler");
    // The connect path reads her sign-in from the page cookie the app asks for once signed in (ADR 0028).
    await pageCookie;
    await openSection(page, "My calendars");
    await page.getByRole("link", { name: "Connect Google Calendar" }).click();

    // The local Google's consent screen, asked for calendar access.
    await page.getByRole("heading", { name: "Choose an account" }).waitFor();
    await page.getByText("The app asks to see your calendars").waitFor();
    const email = `e2e.calendar.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    // Back on her scheduler: the address is cleaned, the tab is open, and it says so.
    await waitForPath(page, "/mentors/scheduler", 20_000);
    await page.getByRole("tab", { name: "My calendars", selected: true }).waitFor();
    await toasts(page, "Google Calendar connected").waitFor();
    const account = page.getByRole("list", { name: "Your calendars" }).getByRole("listitem").filter({ hasText: email });
    await account.waitFor();
    await expect.poll(() => account.getByText("Google Calendar").count()).toBeGreaterThan(0);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await openSection(page, "My calendars");
    await account.waitFor();
    // On a phone her account is in view, and a Google calendar named by its long address wraps instead of widening the page.
    const box = await account.boundingBox();
    expect(box && box.x >= 0 && box.width > 0).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A reload does not say it again: the outcome was read once from the address.
    expect(await toasts(page, "Google Calendar connected").count()).toBe(0);
  });
});
