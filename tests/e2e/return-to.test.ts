import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { createMentee, createMentor, uniqueEmail } from "../support/accounts";
import { closing, isTabSelected, pathOf, readStoredSession, submitSignIn, useBrowser, waitForPath } from "../support/browser";

/** Return-to: "Sign in as a mentee to subscribe" comes back to the mentor, through sign-in and sign-up. */

const b = useBrowser();
/** Waits for `path` with exactly these query keys and values (the router may encode "/" in a value or not). */
async function waitForQuery(page: typeof b.page, path: string, query: Record<string, string>, timeout = 10_000) {
  await page.waitForURL(
    (url) =>
      url.pathname === path &&
      [...url.searchParams.keys()].sort().join() === Object.keys(query).sort().join() &&
      Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v),
    { timeout },
  );
}
const letters = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6);

describe("return-to after signing in", () => {
  // Signing in from the sign-in page the link opens is the same page and query she comes back to after signing up.
  it("'Sign in as a mentee to subscribe' on a mentor's profile -> the mentees' sign-in page coming back -> through sign-up, the new mentee signs in with her e-mail filled in and is back on that profile, ready to subscribe", async () => {
    const page = b.page;
    const mentor = await createMentor({ firstName: "Signup", lastName: `Return${letters()}` });
    const profile = `/browse/mentor/profile/${mentor.id}`;
    await page.goto(profile);
    await page.getByRole("link", { name: "Sign in as a mentee to subscribe" }).click();
    await waitForQuery(page, "/auth/login", { mentees: "", redirect: profile });
    expect(await isTabSelected(page, "mentee")).toBe(true);
    await page.getByRole("link", { name: "Create a mentee account" }).click();
    await waitForQuery(page, "/auth/mentee-register", { redirect: profile });

    const email = uniqueEmail("e2e-return");
    await page.getByLabel("First Name").fill("Meera");
    await page.getByLabel("Last Name").fill("Joshi");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mobile Number").fill("9876543210");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Confirm Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("dialog", { name: "Your account has been successfully created." }).waitFor({ timeout: 10_000 });

    // SPEC §4: after ~5 s she goes on to sign in; the e-mail is hers already and the password field has the focus.
    await waitForQuery(page, "/auth/login", { mentees: "", redirect: profile }, 15_000);
    const panel = page.getByRole("tabpanel", { name: "Mentees" });
    expect(await panel.getByLabel("Email").inputValue()).toBe(email);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("password");
    await panel.getByLabel("Password").fill(DEMO_PASSWORD);
    await panel.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, profile);
    await page.getByRole("button", { name: "Subscribe", exact: true }).waitFor();
  });

  it("a signed-out deep link into an area: the exact sign-in URL of SPEC §2, then back on the page she asked for", async () => {
    const page = b.page;
    const mentee = await createMentee();
    const deep = "/mentees/booked-slots";
    await page.goto(deep);
    // SPEC §2's guard URL stays exact: the return-to travels beside it, not in it.
    await waitForQuery(page, "/auth/login", { mentees: "" });
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, deep);

    // Used once: after signing out, a plain sign-in opens her home again.
    await page.evaluate(() => localStorage.clear());
    await page.goto("/auth/login?mentees");
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, "/mentees");
    expect(pathOf(page)).toBe("/mentees");
  });

  it("a deep link of another role's area is not where a mentee lands", async () => {
    const page = b.page;
    const mentee = await createMentee();
    await page.goto("/mentors/scheduler");
    await waitForQuery(page, "/auth/login", { mentors: "" });
    await page.getByRole("tab", { name: "Mentees" }).click();
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, "/mentees");
    expect(pathOf(page)).toBe("/mentees");
  });

  it("ignores a return-to that is not a path of this site", async () => {
    const page = b.page;
    const mentee = await createMentee();
    // The page keeps only a safe path: the sign-up link carries none of these on.
    for (const bad of ["https://evil.example/", "/\\evil.example", "//evil.example/x"]) {
      await page.goto(`/auth/login?mentees&redirect=${encodeURIComponent(bad)}`);
      const signUp = page.getByRole("link", { name: "Create a mentee account" });
      await signUp.waitFor();
      expect(new URL((await signUp.getAttribute("href"))!, page.url()).searchParams.get("redirect")).toBeNull();
    }
    // Signing in on the last one ("//evil.example/x") opens her home on this site.
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, "/mentees");
    expect(pathOf(page)).toBe("/mentees");
  });
});

describe("return-to through the header's Login and through Google", () => {
  it("the header's Login on a browse page comes back to that page", async () => {
    const page = b.page;
    const mentee = await createMentee();
    await page.goto("/browse/mentor/all");
    await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
    await waitForQuery(page, "/auth/login", { redirect: "/browse/mentor/all" });
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, "/browse/mentor/all");
  });

  // The local Google stand-in exists only on a Worker running as in `npm run dev`, as the suite's does.
  it("Sign in with Google (popup) brings her back to the mentor's profile", async () => {
    const mentor = await createMentor({ firstName: "Google", lastName: `Return${letters()}` });
    const profile = `/browse/mentor/profile/${mentor.id}`;
    const page = b.page;
    await page.goto(profile);
    await page.getByRole("link", { name: "Sign in as a mentee to subscribe" }).click();
    const button = page.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popup.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
    await popup.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("google-return"));
    await popup.getByLabel("First name").fill("Gita");
    await popup.getByLabel("Last name").fill("Return");
    const closed = closing(popup);
    await popup.getByRole("button", { name: "Continue" }).click();
    await closed;
    await waitForPath(page, profile);
    expect(await readStoredSession(page, "mentee")).toMatchObject({ isMenteeAuthenticated: true, menteeName: "Gita Return" });
    await page.getByRole("button", { name: "Subscribe", exact: true }).waitFor();
  });
});
