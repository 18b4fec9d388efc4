import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { mentees } from "../../db/schema";
import { GOOGLE_INCOMPLETE } from "../../src/accounts/google-sign-in";
import { COMMON_PASSWORD } from "../../worker/accounts/common-passwords";
import { accessTokenFor, createMentee, testDb, uniqueEmail } from "../support/accounts";
import { doublesUrl } from "../support/api";
import { closing, fieldError, readStoredSession, signInThroughUi, submitSignIn, toasts, useBrowser, waitForPath } from "../support/browser";
import { deliveredMail, mailedLinkToken } from "../support/mail";

/**
 * Password reset and Google sign-in in Chromium. The suite's Worker runs as in `npm run dev` (ENVIRONMENT=development),
 * where the development mailbox and the local Google stand-in exist.
 */
const b = useBrowser();
let context: BrowserContext;

const NEW_PASSWORD = "Fresh-Passw0rd!";

describe("password reset with the development mailbox", () => {
  it("a mentee resets her password reading the code from /dev/mailbox and signs in with the new one", async () => {
    const mentee = await createMentee();
    context = await b.newContext();
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
    // The mailbox page shows what was delivered when it loads: wait for the delivery, which follows the answer.
    await deliveredMail(mentee.email, /password reset code/);
    await mailbox.goto(`${doublesUrl()}/dev/mailbox`);
    const message = mailbox.locator("article", { hasText: mentee.email }).filter({ hasText: "password reset code" }).first();
    const text = await message.innerText();
    const code = text.match(/Your code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel("OTP").fill(code!);
    // A common password is refused by the Worker and reported under the new password; the code stays usable.
    await page.getByLabel("New password").fill("qwerty123");
    await page.getByLabel("Confirm Password").fill("qwerty123");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => fieldError(page, "New password")).toBe(COMMON_PASSWORD);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    // Timed in the browser, from the answer's arrival to the address changing: the test's own clock sees both late, and
    // by different amounts on a busy machine.
    await page.evaluate(() => {
      const w = window as unknown as { leftAt?: number };
      for (const name of ["pushState", "replaceState"] as const) {
        const original = history[name].bind(history);
        history[name] = (...args: Parameters<History["pushState"]>) => {
          w.leftAt ??= Date.now();
          original(...args);
        };
      }
    });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("password.resetPassword") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Change password" }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const timing = answer.request().timing();
    await toasts(page, "Password Changed Successfully..!! Please login again").waitFor({ timeout: 10_000 });
    await waitForPath(page, "/auth/login");
    const leftAt = await page.evaluate(() => (window as unknown as { leftAt?: number }).leftAt);
    expect(leftAt! - (timing.startTime + timing.responseEnd)).toBeGreaterThanOrEqual(900); // SPEC §9: after 1 s, not at once

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
    context = await b.newContext();
    const page = await context.newPage();
    await page.goto("/auth/login?mentees");
    const button = page.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popup.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
    await popup.getByLabel("E-mail", { exact: true }).fill(email);
    await popup.getByLabel("First name").fill("Gauri");
    await popup.getByLabel("Last name").fill("Popup");
    const closed = closing(popup);
    await popup.getByRole("button", { name: "Continue" }).click();
    await popup.getByText("Successfully logged in with Google").waitFor();
    expect(popup.url()).not.toMatch(/#|accessToken/); // the tokens left the address bar at once
    await closed;

    await waitForPath(page, "/mentees");
    const [row] = await testDb().select().from(mentees).where(eq(mentees.email, email));
    expect(row).toMatchObject({ firstName: "Gauri", lastName: "Popup", passwordHash: null });
    expect(await readStoredSession(page, "mentee")).toMatchObject({
      isMenteeAuthenticated: true,
      menteeId: row.id,
      menteeName: "Gauri Popup",
    });
    await context.close();
  });
});

describe("the Google hand-over is bound to the window that started it", () => {
  it("a link carrying someone else's session changes nothing, and a link's error text is never shown", async () => {
    const victim = await createMentee();
    const attacker = await createMentee();
    context = await b.newContext();
    const page = await context.newPage();
    await signInThroughUi(page, "mentee", victim.email);
    const before = await readStoredSession(page, "mentee");
    expect(before).toMatchObject({ menteeId: victim.id });

    const attackerSession = {
      menteeId: attacker.id,
      menteeName: "Attacker",
      accessToken: await accessTokenFor("mentee", attacker.id),
      refreshToken: "x.y",
      handoff: "a".repeat(32),
    };
    await page.goto(`/auth/mentee/googleauthsuccess#${new URLSearchParams(attackerSession)}`);
    await page.getByText(GOOGLE_INCOMPLETE).waitFor();
    expect(await readStoredSession(page, "mentee")).toEqual(before);

    await page.goto(`/auth/mentee/googleauthsuccess#${new URLSearchParams({ error: "Your account is locked: call +1 555 0100 now" })}`);
    await page.getByText(GOOGLE_INCOMPLETE).waitFor();
    expect(await page.getByText("call +1 555 0100").count()).toBe(0);
    expect(await readStoredSession(page, "mentee")).toEqual(before);
    await context.close();
  });
});

describe("verify your e-mail", () => {
  it("a mentee whose address was never proven sees the banner, mails herself a link, opens it, and the banner is gone", async () => {
    const mentee = await createMentee({ emailVerifiedAt: null });
    context = await b.newContext();
    const page = await context.newPage();
    await signInThroughUi(page, "mentee", mentee.email);
    const banner = page.getByRole("region", { name: "Confirm your e-mail address" });
    await banner.waitFor();
    await banner.getByRole("button", { name: "Mail me a link" }).click();
    await banner.getByText(`We sent a confirmation link to ${mentee.email}`).waitFor();

    const token = await mailedLinkToken(mentee.email, "Confirm your MentorLink e-mail address");
    await page.goto(`/auth/verify-email#token=${token}`);
    await page.getByText("Your e-mail address is confirmed. Thank you!").waitFor();
    expect(page.url()).not.toContain("token"); // the secret left the address bar
    await page.goto("/mentees");
    await page.getByRole("navigation", { name: "Mentee navigation" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
