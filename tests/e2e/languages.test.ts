import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentee } from "../support/accounts";
import { signInThroughUi, useBrowser, waitForPath } from "../support/browser";

/** Journey (ADR 0027): a reader of Hindi gets the product in Hindi, and anyone can switch, signed in or not. */

const b = useBrowser();

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const cookieLang = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "lang")?.value;

describe("languages", () => {
  it("shows a browser that asks for Hindi the landing, its links and the browse page in Hindi", async () => {
    const context = await b.newContext({ locale: "hi-IN" });
    const page = await context.newPage();
    await page.goto("/");
    expect(await htmlLang(page)).toBe("hi");
    const nav = page.getByRole("navigation", { name: "मुख्य" });
    await expect.poll(() => nav.getByRole("link", { name: "मेंटर खोजें" }).isVisible()).toBe(true);
    await nav.getByRole("link", { name: "मेंटर खोजें" }).click();
    await waitForPath(page, "/browse/mentor/all");
    expect(await htmlLang(page)).toBe("hi");
    await expect.poll(() => page.getByRole("link", { name: "लॉग इन" }).first().isVisible()).toBe(true);
  });

  it("switches an English landing to Hindi from the nav's switcher, before the app runs, and keeps the choice", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    expect(await htmlLang(page)).toBe("en");
    const switcher = page.getByRole("combobox", { name: "Language" });
    await Promise.all([page.waitForEvent("load"), switcher.selectOption("hi")]);
    await expect.poll(() => htmlLang(page)).toBe("hi");
    expect(await cookieLang(page)).toBe("hi");
    await expect.poll(() => page.getByRole("link", { name: "मेंटर बनें" }).first().isVisible()).toBe(true);
    // Back to English the same way.
    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "भाषा" }).selectOption("en")]);
    await expect.poll(() => htmlLang(page)).toBe("en");
    await expect.poll(() => page.getByRole("link", { name: "Become a Mentor" }).first().isVisible()).toBe(true);
  });

  it("keeps a signed-in mentee's choice in her account: another browser in English shows her Hindi after she signs in", async () => {
    const mentee = await createMentee();
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 780 });
    await signInThroughUi(page, "mentee", mentee.email);
    expect(await htmlLang(page)).toBe("en");
    await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
    await expect.poll(() => htmlLang(page)).toBe("hi");
    await expect.poll(() => page.getByRole("button", { name: "खाता मेनू" }).isVisible()).toBe(true);
    // Nothing is wider than a 360 px phone in Hindi either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.reload();
    await expect.poll(() => htmlLang(page)).toBe("hi");

    const other = await (await b.newContext({ locale: "en-US" })).newPage();
    await signInThroughUi(other, "mentee", mentee.email);
    await expect.poll(() => htmlLang(other)).toBe("hi");
    await expect.poll(() => other.getByRole("button", { name: "खाता मेनू" }).isVisible()).toBe(true);
    expect(await cookieLang(other)).toBe("hi");
  });
});
