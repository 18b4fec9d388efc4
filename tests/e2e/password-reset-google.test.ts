import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mentees } from "../../db/schema";
import { startStack, type Stack } from "../../scripts/built-stack";
import { createMentee, testDb, uniqueEmail } from "../support/accounts";
import { readStoredSession, submitSignIn, toasts, useBrowser, waitForPath } from "../support/browser";

/**
 * Issue 12 journeys in Chromium, on a Worker running as in `npm run dev` (ENVIRONMENT=development,
 * the shared test database): the development mailbox and the local Google stand-in exist there only.
 */
const b = useBrowser();
let dev: Stack;
let context: BrowserContext;

beforeAll(async () => {
  dev = await startStack({ dbUrl: inject("dbUrl"), vars: { JWT_SECRET: inject("jwtSecret"), ENVIRONMENT: "development" } });
});
afterAll(async () => {
  await dev?.stop();
});

const NEW_PASSWORD = "Fresh-Passw0rd!";

describe("password reset with the development mailbox", () => {
  it("a mentee resets her password reading the code from /dev/mailbox and signs in with the new one", async () => {
    const mentee = await createMentee();
    context = await b.newContext({ baseURL: dev.baseUrl });
    const page = await context.newPage();
    await page.goto("/auth/login?mentees");
    await page.getByRole("tabpanel", { name: "Mentees" }).getByRole("link", { name: "Forgot password?" }).click();
    await waitForPath(page, "/auth/mentee/forgotpassword");
    // The address changes before the reset page has replaced the sign-in page (its code loads on
    // the way): wait for the page itself, or "Email" is the sign-in form's field.
    await page.getByRole("heading", { name: "Reset your mentee password" }).waitFor();

    await page.getByLabel("Email").fill(mentee.email);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByLabel("OTP").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: "Send OTP" }).count()).toBe(0);

    const mailbox = await context.newPage();
    await mailbox.goto("/dev/mailbox");
    const message = mailbox.locator("article", { hasText: mentee.email }).filter({ hasText: "password reset code" }).first();
    const text = await message.innerText();
    const code = text.match(/Your code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel("OTP").fill(code!);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await toasts(page, "Password Changed Successfully..!! Please login again").waitFor({ timeout: 10_000 });
    const changedAt = Date.now();
    await waitForPath(page, "/auth/login");
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(500); // SPEC §9: after 1 s, not at once

    await submitSignIn(page, "mentee", mentee.email, NEW_PASSWORD);
    await waitForPath(page, "/mentees");

    await mailbox.reload();
    expect(await mailbox.locator("article", { hasText: mentee.email }).filter({ hasText: "password was changed" }).count()).toBe(1);
    await context.close();
  });
});

describe("Sign in with Google through the local stand-in", () => {
  it("opens a popup, signs a new mentee in, closes, and the opener lands in /mentees", async () => {
    const email = uniqueEmail("google");
    context = await b.newContext({ baseURL: dev.baseUrl });
    const page = await context.newPage();
    await page.goto("/auth/login?mentees");
    const button = page.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popup.waitForURL(/\/dev\/google\/authorize/);
    await popup.getByLabel("E-mail", { exact: true }).fill(email);
    await popup.getByLabel("First name").fill("Gauri");
    await popup.getByLabel("Last name").fill("Popup");
    await popup.getByRole("button", { name: "Continue" }).click();
    await popup.getByText("Successfully logged in with Google").waitFor();
    expect(popup.url()).not.toMatch(/#|accessToken/); // the tokens left the address bar at once
    await popup.waitForEvent("close", { timeout: 5000 });

    await waitForPath(page, "/mentees");
    const [row] = await testDb().select().from(mentees).where(eq(mentees.email, email));
    expect(row).toMatchObject({ firstName: "Gauri", lastName: "Popup", passwordHash: null });
    expect(await readStoredSession(page, "mentee")).toMatchObject({ isMenteeAuthenticated: true, menteeId: row.id, menteeName: "Gauri Popup" });
    await context.close();
  });
});
