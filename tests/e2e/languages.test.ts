import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentee } from "../support/accounts";
import { signInThroughUi, useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";

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
    // The switcher says the page's language, as the Worker drew it and once the app runs.
    const switcher = page.getByRole("combobox", { name: "भाषा" });
    await page.waitForLoadState("networkidle");
    expect(await switcher.inputValue()).toBe("hi");
    const nav = page.getByRole("navigation", { name: "मुख्य" });
    await expect.poll(() => nav.getByRole("link", { name: "मेंटर खोजें" }).isVisible()).toBe(true);
    await nav.getByRole("link", { name: "मेंटर खोजें" }).click();
    await waitForPath(page, "/browse/mentor/all");
    expect(await htmlLang(page)).toBe("hi");
    await expect.poll(() => page.getByRole("link", { name: "लॉग इन" }).first().isVisible()).toBe(true);
  });

  it("gives the sign-in form's words with the sign-in page, not with browse, in the reader's language", async () => {
    // The forms' words are a catalog of their own (lingui.config.ts, `accounts`): a visitor on browse does not load them.
    const scriptsHolding = (page: Page, text: string) => {
      const found: string[] = [];
      page.on("response", async (response) => {
        if (!response.url().endsWith(".js")) return;
        const body = await response.text().catch(() => "");
        if (body.includes(text)) found.push(response.url());
      });
      return found;
    };
    const english = await (await b.newContext({ locale: "en-US" })).newPage();
    const loaded = scriptsHolding(english, "Choose your account type and sign in with your e-mail and password.");
    await english.goto("/browse/mentor/all");
    await expect.poll(() => english.getByRole("link", { name: "Login", exact: true }).first().isVisible()).toBe(true);
    await english.waitForLoadState("networkidle");
    expect(loaded).toEqual([]);
    await english.getByRole("link", { name: "Login", exact: true }).first().click();
    // The link brings her back to browse afterwards (`?redirect=`).
    await english.waitForURL((url) => url.pathname === "/auth/login");
    await expect
      .poll(() => english.getByText("Choose your account type and sign in with your e-mail and password.").isVisible())
      .toBe(true);
    // Each script's body is read as it arrives, after the page may already show its words.
    await expect.poll(() => loaded.length).toBeGreaterThan(0);

    // A Hindi reader opening the sign-in page at its address gets its form in Hindi.
    const hindi = await (await b.newContext({ locale: "hi-IN" })).newPage();
    await hindi.goto("/auth/login");
    await expect.poll(() => hindi.getByRole("tablist", { name: "अकाउंट का प्रकार" }).isVisible()).toBe(true);
    await expect.poll(() => hindi.getByRole("link", { name: "पासवर्ड भूल गए?" }).isVisible()).toBe(true);
  });

  it("switches an English landing to Hindi from the nav's switcher, before the app runs, and keeps the choice", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    expect(await htmlLang(page)).toBe("en");
    // The page is drawn again by the Worker: its document is asked for once more (a page's "load" event could be the
    // first drawing's, reported late).
    const drawnAgain = () =>
      page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === "/");
    await Promise.all([drawnAgain(), page.getByRole("combobox", { name: "Language" }).selectOption("hi")]);
    await expect.poll(() => htmlLang(page)).toBe("hi");
    expect(await cookieLang(page)).toBe("hi");
    expect(await page.getByRole("combobox", { name: "भाषा" }).inputValue()).toBe("hi");
    await expect.poll(() => page.getByRole("link", { name: "मेंटर बनें" }).first().isVisible()).toBe(true);
    // Back to English the same way.
    await page.waitForLoadState("load");
    await Promise.all([drawnAgain(), page.getByRole("combobox", { name: "भाषा" }).selectOption("en")]);
    await expect.poll(() => htmlLang(page)).toBe("en");
    await expect.poll(() => page.getByRole("link", { name: "Become a Mentor" }).first().isVisible()).toBe(true);
  });

  it("keeps a signed-in mentee's choice in her account: another browser in English shows her Hindi after she signs in", async () => {
    const mentee = await createMentee();
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 780 });
    // Her first browser is already signed in (seeded); the sign-in that matters is the other browser's, below.
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees");
    await page.getByRole("button", { name: "Account menu" }).waitFor();
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
