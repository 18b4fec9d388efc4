import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dataExports } from "../../db/schema";
import { KEPT_RECORDS } from "../../src/privacy/kept-records";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { submitSignIn, useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { deliveredMail } from "../support/mail";

/**
 * "Download my data" in the browser (ADR 0039): asked for on her profile, followed there (preparing, then ready until a
 * time), downloaded once from the mailed link, which then says it was used; the link opened where she is signed out
 * brings her through the sign-in back to the download; in Hindi too; the mentor's card; and the public privacy page
 * from the footer.
 *
 * The card and the pages are one column at every width, so each journey is driven once, at 1280 or at 360 px, and
 * its screens are checked at the other width where it stands. Tests start signed in through a seeded session (no
 * sign-in page, no password hash) except where signing in is the point; the server's rules (once, a day, hers alone,
 * five a day) are checked in tests/integration/data-export.test.ts.
 */

const b = useBrowser();

const card = (page: Page) => page.getByTestId("data-export-card");
const cardState = (page: Page) => page.getByTestId("data-export-state");
const eqUser = (id: string) => and(eq(dataExports.userRole, "mentee"), eq(dataExports.userId, id));
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** The screen as it stands at 360 px (nothing scrolls sideways, `control` is whole on the screen), then back at 1280. */
async function fitsAPhoneToo(page: Page, control: ReturnType<Page["getByRole"]>) {
  for (const size of [PHONE, WIDE]) {
    await page.setViewportSize(size);
    expect(await noSidewaysScroll(page), `sideways scroll at ${size.width} px`).toBe(true);
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= size.width && box.y >= 0 && box.y + box.height <= size.height).toBe(true);
  }
}

/** The `/privacy/download#export=…` path of the newest "ready" mail to `to`. */
async function mailedDownloadPath(to: string): Promise<string> {
  const mail = await deliveredMail(to, /data is ready to download/);
  const path = mail.text.match(/\/privacy\/download#export=[\w-]+\.[\w-]+/)?.[0];
  if (!path) throw new Error(`no download link in the mail to ${to}`);
  return path;
}

async function askForCopy(page: Page, role: "mentee" | "mentor") {
  await page.goto(role === "mentee" ? "/mentees/profile" : "/mentors/profile");
  await card(page).getByRole("button", { name: "Download my data" }).click();
  await expect.poll(() => cardState(page).textContent(), { timeout: 15_000 }).toContain("Preparing your copy");
}

async function downloadFromPage(page: Page) {
  await page.getByRole("heading", { level: 1, name: "Your copy of your data is ready" }).waitFor({ timeout: 15_000 });
  // The secret left the address bar as soon as the page read it.
  expect(new URL(page.url()).hash).toBe("");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mentorlink-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
}

describe("a copy of her data", () => {
  it("at 1280 px (and its screens at 360): is asked for on her profile, shows preparing then ready, downloads once from the mailed link, then says it was used", async () => {
    const page = b.page;
    await page.setViewportSize(WIDE);
    const mentee = await createMentee();
    await signInInto(page, "mentee", mentee);
    await askForCopy(page, "mentee");
    await expect.poll(() => cardState(page).textContent(), { timeout: 60_000 }).toMatch(/Your copy is ready until .+\(.+\)/);
    expect(await cardState(page).textContent()).toContain("Open the link we e-mailed you");
    // A ready copy is not asked for twice: its link is in her mail.
    expect(
      await card(page)
        .getByRole("button", { name: /copy|data/ })
        .count(),
    ).toBe(0);
    await fitsAPhoneToo(page, cardState(page));

    const link = await mailedDownloadPath(mentee.email);
    await page.goto(link);
    await downloadFromPage(page);
    const [row] = await testDb().select().from(dataExports).where(eqUser(mentee.id));
    expect(row.downloadedAt).not.toBeNull();

    // The mailed link opened again (a page of its own: the address differs from this one only by its fragment).
    await page.goto("about:blank");
    await page.goto(link);
    await expect
      .poll(() => page.getByRole("alert").first().textContent(), { timeout: 15_000 })
      .toBe("This download link was used already. Ask for a new copy of your data on your settings.");
    expect(await page.getByRole("button", { name: "Download" }).count()).toBe(0);
    const settings = page.getByRole("link", { name: "Your data on your settings" });
    await fitsAPhoneToo(page, settings);
    await settings.click();
    await waitForPath(page, "/mentees/profile");
    await expect.poll(() => cardState(page).textContent(), { timeout: 15_000 }).toContain("You downloaded this copy on");
    const askAgain = card(page).getByRole("button", { name: "Ask for a new copy" });
    await askAgain.waitFor();
    await fitsAPhoneToo(page, askAgain);
  }, 180_000);

  it("at 360 px: its mailed link opened where she is signed out brings her through the sign-in back to the download, the secret kept in the tab", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    const mentee = await createMentee();
    // Asked for on her profile in the test above; here the mailed link is the point.
    const her = trpc(await accessTokenFor("mentee", mentee.id));
    await her.privacy.requestExport.mutate();
    await expect.poll(async () => (await her.privacy.exportStatus.query())?.state, { timeout: 60_000, interval: 250 }).toBe("ready");
    const link = await mailedDownloadPath(mentee.email);

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/auth/login", { timeout: 15_000 });
    // The sign-in page's address carries the bare page to come back to, never the secret.
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/privacy/download");
    expect(page.url()).not.toContain("export=");
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, "/privacy/download");
    await downloadFromPage(page);
    expect(await noSidewaysScroll(page)).toBe(true);
    const [row] = await testDb().select().from(dataExports).where(eqUser(mentee.id));
    expect(row.downloadedAt).not.toBeNull();
  }, 180_000);
});

describe("the card's other states", () => {
  it("says clearly when she asked 5 times today, and is in Hindi when she reads Hindi", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    const mentee = await createMentee();
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await testDb()
      .insert(dataExports)
      .values(
        Array.from({ length: 5 }, () => ({
          userRole: "mentee" as const,
          userId: mentee.id,
          origin: "http://x",
          state: "failed" as const,
          createdAt: hourAgo,
        })),
      );
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/profile");
    await expect.poll(() => cardState(page).textContent(), { timeout: 15_000 }).toContain("We could not prepare your copy");
    await card(page).getByRole("button", { name: "Ask for a new copy" }).click();
    await expect
      .poll(() => card(page).getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("You asked for 5 copies of your data today. Please try again tomorrow.");

    await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("hi");
    await expect.poll(() => page.getByRole("heading", { name: "आपका डेटा" }).isVisible()).toBe(true);
    await expect.poll(() => cardState(page).textContent()).toContain("हम आपकी कॉपी तैयार नहीं कर सके");
    await card(page).getByRole("button", { name: "नई कॉपी माँगें" }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
  }, 120_000);

  it("is on the mentor's profile too", async () => {
    const page = b.page;
    await page.setViewportSize(WIDE);
    const mentor = await createMentor();
    await signInInto(page, "mentor", mentor);
    await askForCopy(page, "mentor");
    await expect.poll(() => cardState(page).textContent(), { timeout: 60_000 }).toContain("Your copy is ready until");
  }, 120_000);
});

describe("the privacy page", () => {
  it("is reached from the footer at 360 px, says how long records are kept and who receives data, without sideways scroll at 360 or 1280 px", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await waitForPath(page, "/privacy");
    const heading = page.getByRole("heading", { level: 1, name: "Privacy: what we keep, and why" });
    await heading.waitFor({ timeout: 15_000 });
    const kept = page.getByTestId("kept-records");
    expect(await kept.getByRole("listitem").count()).toBe(KEPT_RECORDS.length);
    expect(await kept.getByText("8 years").count()).toBe(4);
    expect(await kept.getByText("Notices in the bell").count()).toBe(1);
    expect(await kept.getByText("180 days").count()).toBe(1);
    for (const who of ["Stripe", "e-mail provider", "push service", "TURN"]) expect(await page.getByText(who).count()).toBeGreaterThan(0);
    expect(await page.getByText("write to us by raising a ticket").count()).toBe(1);
    expect(await noSidewaysScroll(page)).toBe(true);
    // The same page at 1280 px: the text does not depend on the width, its layout does.
    await page.setViewportSize(WIDE);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await heading.isVisible()).toBe(true);
    expect(await kept.getByRole("listitem").count()).toBe(KEPT_RECORDS.length);
  });

  it("is linked from both sign-up forms, before anyone gives their data", async () => {
    const page = b.page;
    for (const form of ["/auth/mentee-register", "/auth/mentor-register"]) {
      await page.goto(form);
      const link = page.getByRole("main").getByRole("link", { name: "Privacy", exact: true });
      await link.waitFor({ timeout: 15_000 });
      expect(await link.getAttribute("href")).toBe("/privacy");
    }
    await page.getByRole("main").getByRole("link", { name: "Privacy", exact: true }).click();
    await waitForPath(page, "/privacy");
  });
});
