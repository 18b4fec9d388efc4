import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentees } from "../../db/schema";
import { PASSWORD_TOO_SHORT } from "../../shared/validation/accounts";
import { COMMON_PASSWORD } from "../../worker/accounts/common-passwords";
import { testDb, uniqueEmail } from "../support/accounts";
import { closing, fieldError, isTabSelected, readStoredSession, submitSignIn, useBrowser, waitForPath } from "../support/browser";

/** Journey 1 (SPEC §2, §4, §5, §8): a mentee signs up, is sent on to sign in, and signs in. */

const b = useBrowser();
const SUCCESS_TITLE = "Your account has been successfully created.";

async function fillSignup(
  page: typeof b.page,
  values: { firstName: string; lastName: string; email: string; phone: string; password: string },
) {
  await page.getByLabel("First Name").fill(values.firstName);
  await page.getByLabel("Last Name").fill(values.lastName);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Mobile Number").fill(values.phone);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm Password").fill(values.password);
}

describe("mentee registration", () => {
  it("validates in the browser, creates the account, redirects to sign-in after ~5 s, and the new mentee signs in", async () => {
    const page = b.page;
    const signupCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("auth.registerMentee")) signupCalls.push(r.url());
    });
    await page.goto("/auth/mentee-register");
    await page.getByRole("heading", { name: "Create your mentee account" }).waitFor();

    // An empty submit: every required field reports its own message, and nothing is sent.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError(page, "First Name")).toBe("First Name is required");
    expect(await fieldError(page, "Last Name")).toBe("Last Name is required");
    expect(await fieldError(page, "Email")).toBe("Email is required");
    expect(await fieldError(page, "Mobile Number")).toBe("Mobile number is required");
    expect(await fieldError(page, "Password")).toBe("Password is required");
    expect(await fieldError(page, "Confirm Password")).toBe("Confirm Password is required");
    expect(await page.getByLabel("First Name").getAttribute("aria-invalid")).toBe("true");

    // A bad phone number (9 digits) is refused; the fields now filled in are no longer in error.
    const email = uniqueEmail("e2e-mentee");
    await fillSignup(page, { firstName: "Nisha", lastName: "Kulkarni", email, phone: "98765432", password: DEMO_PASSWORD });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError(page, "Mobile Number")).toBe("Please enter a valid 10-digit mobile number");
    expect(await fieldError(page, "First Name")).toBe("");
    expect(await fieldError(page, "Confirm Password")).toBe("");
    expect(signupCalls).toEqual([]);

    // A valid submit opens the success dialog.
    await page.getByLabel("Mobile Number").fill("+919876543210");
    await page.getByRole("button", { name: "Create account" }).click();
    const dialog = page.getByRole("dialog", { name: SUCCESS_TITLE });
    await dialog.waitFor({ state: "visible", timeout: 10_000 });
    const shownAt = Date.now();
    expect(await dialog.textContent()).toContain("You will be redirected to Login page shortly. Please login to explore more..!!");
    expect(signupCalls).toHaveLength(1);

    // After ~5 s the app goes to /mentees, whose guard sends the signed-out visitor to sign in.
    await waitForPath(page, "/auth/login?mentees", 15_000);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
    expect(await isTabSelected(page, "mentee")).toBe(true);

    await submitSignIn(page, "mentee", email, DEMO_PASSWORD);
    await waitForPath(page, "/mentees");
    await page.getByRole("heading", { level: 1, name: "Welcome, Nisha Kulkarni" }).waitFor();
    expect(await readStoredSession(page, "mentee")).toMatchObject({ isMenteeAuthenticated: true, menteeName: "Nisha Kulkarni" });
  });

  it("shows the password rules under Password (too short in the browser, too common from the server), then the server's message under Confirm Password for an e-mail already registered", async () => {
    const page = b.page;
    await page.goto("/auth/mentee-register");
    const values = { firstName: "Kiran", lastName: "Rao", email: uniqueEmail("e2e-common"), phone: "9876543210" };
    await fillSignup(page, { ...values, password: "short" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError(page, "Password")).toBe(PASSWORD_TOO_SHORT);

    await fillSignup(page, { ...values, password: "Password123" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError(page, "Password")).toBe(COMMON_PASSWORD);
    expect(await fieldError(page, "Confirm Password")).toBe("");
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // A good password, but the e-mail of an existing account: the same form, corrected as she would correct it.
    await fillSignup(page, { ...values, firstName: "Priya", lastName: "Sharma", email: "mentee@example.com", password: DEMO_PASSWORD });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect
      .poll(() => fieldError(page, "Confirm Password"))
      .toBe("An account with this email already exists. Please sign in instead.");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/auth/mentee-register");
  });
});

describe("signing up the way people type and with Google, at 1280x800 and 360x740", () => {
  it("on a 360 px phone a number with a space is accepted and stored as +91 and its digits; at 1280 px Sign up with Google creates the account; both widths show the form without sideways scroll", async () => {
    const page = b.page;
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    const google = page.getByRole("button", { name: "Sign up with Google" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/auth/mentee-register");
    await page.getByRole("heading", { name: "Create your mentee account" }).waitFor();
    await noSidewaysScroll();
    expect(await page.getByRole("button", { name: "Create account" }).isVisible()).toBe(true);

    // On the phone: the same form, typed as people type a number.
    await page.setViewportSize({ width: 360, height: 740 });
    await noSidewaysScroll();
    await expect.poll(() => google.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await google.isVisible()).toBe(true);
    const email = uniqueEmail("e2e-spaced");
    await fillSignup(page, { firstName: "Meher", lastName: "Joshi", email, phone: "98765 43210", password: DEMO_PASSWORD });
    await page.getByRole("button", { name: "Create account" }).click();
    const dialog = page.getByRole("dialog", { name: SUCCESS_TITLE });
    await dialog.waitFor({ state: "visible", timeout: 10_000 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const [row] = await testDb().select().from(mentees).where(eq(mentees.email, email));
    expect(row.phone).toBe("+919876543210");

    // Signing up creates no sign-in: the same browser, at 1280 px, opens the form again and signs up with Google.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/auth/mentee-register");
    await expect.poll(() => google.isEnabled(), { timeout: 10_000 }).toBe(true);
    const googleEmail = uniqueEmail("google-signup");
    const [popup] = await Promise.all([page.waitForEvent("popup"), google.click()]);
    await popup.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
    await popup.getByLabel("E-mail", { exact: true }).fill(googleEmail);
    await popup.getByLabel("First name").fill("Gita");
    await popup.getByLabel("Last name").fill("Signup");
    const closed = closing(popup);
    await popup.getByRole("button", { name: "Continue" }).click();
    await closed;
    await waitForPath(page, "/mentees");
    const [created] = await testDb().select().from(mentees).where(eq(mentees.email, googleEmail));
    expect(created).toMatchObject({ firstName: "Gita", lastName: "Signup" });
  });
});
