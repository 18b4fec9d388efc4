import { asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentorSkills, mentors } from "../../db/schema";
import { UNDER_REVIEW_MESSAGE } from "../../worker/accounts/accounts";
import { COMMON_PASSWORD } from "../../worker/accounts/common-passwords";
import { createMentor, setBlocked, testDb, uniqueEmail } from "../support/accounts";
import { fieldError, isTabSelected, LOGIN_TAB, readStoredSession, submitSignIn, useBrowser, waitForPath } from "../support/browser";

/**
 * Journey (SPEC §2, §3, §4, §8): a mentor applies, re-applies while pending, and cannot sign in until approved; one
 * form meets the refusals of an application (a common password, a blocked account, an approved mentor) in turn.
 */

const b = useBrowser();
const SUCCESS_TITLE = "Successfully Submitted your Application";
const SUCCESS_TEXT = "Please be patient..!!We will get back to after detail verification";
const REDIRECT_MS = 4000;

type Application = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  firmName: string;
  location: string;
  bio: string;
  education: string;
  hourlyRate: string;
  skills: string;
  website: string;
  twitter: string;
  linkedIn: string;
};

function application(email: string): Application {
  return {
    firstName: "Rhea",
    lastName: "Banerjee",
    email,
    phone: "+919812345678",
    jobTitle: "Principal Engineer",
    firmName: "Zoho",
    location: "Chennai",
    bio: "Fifteen years of backend work; I help engineers grow into staff roles.",
    education: "B.E., Anna University",
    hourlyRate: "1750",
    skills: " Go ,  Distributed Systems,Career Growth ,",
    website: "https://rhea.example.com",
    twitter: "https://twitter.com/rhea",
    linkedIn: "https://linkedin.com/in/rhea",
  };
}

async function fillApplication(page: Page, a: Application) {
  await page.getByLabel("First Name").fill(a.firstName);
  await page.getByLabel("Last Name").fill(a.lastName);
  await page.getByLabel("Email").fill(a.email);
  await page.getByLabel("Mobile Number").fill(a.phone);
  await page.getByLabel("Job Title").fill(a.jobTitle);
  await page.getByLabel("Firm Name").fill(a.firmName);
  await page.getByLabel("Location").fill(a.location);
  await page.getByLabel("Bio").fill(a.bio);
  await page.getByLabel("Educational Qualification").fill(a.education);
  await page.getByLabel("Hourly Rate (₹)").fill(a.hourlyRate);
  await page.getByLabel("Skills (comma separated)").fill(a.skills);
  await page.getByLabel("Website").fill(a.website);
  await page.getByLabel("Twitter URL").fill(a.twitter);
  await page.getByLabel("LinkedIn URL").fill(a.linkedIn);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Confirm Password").fill(DEMO_PASSWORD);
}

/** Submits the form and returns the HTTP status of the application call. */
/** When the last application's answer arrived: the modal, and with it the redirect's wait, starts after it. */
let answeredAt = 0;

async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/trpc/auth.applyAsMentor")),
    page.getByRole("button", { name: "Submit application" }).click(),
  ]);
  answeredAt = Date.now();
  return response.status();
}

/**
 * Waits for the success modal, then for the redirect to `/`, and returns how long after the server's answer the page
 * left. Timed from the answer, not from when the test first saw the modal: a busy machine may see it late, which made
 * the modal look shorter than it was.
 */
async function expectSuccessThenHome(page: Page): Promise<number> {
  const dialog = page.getByRole("dialog", { name: SUCCESS_TITLE });
  await dialog.waitFor({ state: "visible", timeout: 10_000 });
  expect(await dialog.getByText(SUCCESS_TEXT).isVisible()).toBe(true);
  await waitForPath(page, "/", 15_000);
  return Date.now() - answeredAt;
}

describe("mentor application", () => {
  it("submits every field, stores a pending mentor with split skills, and returns home after ~4 s; re-applying while pending answers 403 and shows the same modal; signing in while pending says why and stores no session", async () => {
    const page = b.page;
    const email = uniqueEmail("e2e-applicant");
    const a = application(email);

    await page.goto("/auth/mentor-register");
    await page.getByRole("heading", { name: "Become a Mentor" }).waitFor();
    await fillApplication(page, a);
    expect(await submit(page)).toBe(200);
    expect(await expectSuccessThenHome(page)).toBeGreaterThanOrEqual(REDIRECT_MS - 500);

    // What was stored: every field, the rate in paise, the skills split on commas and trimmed, status pending.
    const db = testDb();
    const row = await db.query.mentors.findFirst({ where: eq(mentors.email, email) });
    expect(row).toMatchObject({
      firstName: a.firstName,
      lastName: a.lastName,
      phone: a.phone,
      jobTitle: a.jobTitle,
      firmName: a.firmName,
      location: a.location,
      bio: a.bio,
      educationalQualification: a.education,
      hourlyRatePaise: 175_000,
      website: a.website,
      twitterUrl: a.twitter,
      linkedInUrl: a.linkedIn,
      status: "pending",
      isBlocked: false,
    });
    const skills = await db
      .select({ name: mentorSkills.name })
      .from(mentorSkills)
      .where(eq(mentorSkills.mentorId, row!.id))
      .orderBy(asc(mentorSkills.createdAt), asc(mentorSkills.id));
    expect(skills.map((s) => s.name).sort()).toEqual(["Career Growth", "Distributed Systems", "Go"]);

    // The same e-mail again while the first application is pending: 403 (not blocked) = under review, same modal, home after ~4 s.
    // From home she follows the top bar's link back to the form.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Become a Mentor" }).click();
    await waitForPath(page, "/auth/mentor-register");
    await fillApplication(page, { ...a, firstName: "Rhéa" });
    expect(await submit(page)).toBe(403);
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
    expect(await expectSuccessThenHome(page)).toBeGreaterThanOrEqual(REDIRECT_MS - 500);
    expect(await db.$count(mentors, eq(mentors.email, email))).toBe(1);

    // From home she tries to sign in as a mentor before she is approved: told why, and no session is stored.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await waitForPath(page, "/auth/login");
    await page.getByRole("tab", { name: LOGIN_TAB.mentor, exact: true }).click();
    await expect.poll(() => isTabSelected(page, "mentor")).toBe(true);
    await submitSignIn(page, "mentor", email);
    const panel = page.getByRole("tabpanel", { name: LOGIN_TAB.mentor });
    await expect.poll(() => panel.getByRole("alert").textContent(), { timeout: 10_000 }).toBe(UNDER_REVIEW_MESSAGE);
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(await readStoredSession(page, "mentor")).toBeNull();
  });

  it("one form meets each refusal in turn: a common password under Password (nothing stored), a blocked e-mail's message (stays on the form), an approved mentor's e-mail (409: the server's error, then sign-in after ~4 s)", async () => {
    const blocked = await createMentor({ status: "pending" });
    await setBlocked("mentor", blocked.id, true);
    const approved = await createMentor();
    const page = b.page;
    const email = uniqueEmail("e2e-common-mentor");
    await page.goto("/auth/mentor-register");

    // A common password: reported under Password, nothing submitted.
    await fillApplication(page, application(email));
    await page.getByLabel("Password", { exact: true }).fill("iloveyou1");
    await page.getByLabel("Confirm Password").fill("iloveyou1");
    expect(await submit(page)).toBe(400);
    await expect.poll(() => fieldError(page, "Password")).toBe(COMMON_PASSWORD);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await testDb().select().from(mentors).where(eq(mentors.email, email))).toHaveLength(0);

    // A blocked account's e-mail (403 with blocked): the blocked message, and the form stays.
    await fillApplication(page, application(blocked.email));
    expect(await submit(page)).toBe(403);
    await page.getByRole("alert").filter({ hasText: "Your account has been blocked by a moderator." }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/auth/mentor-register");

    // An approved mentor's e-mail (409): the server's error, no modal, and sign-in after ~4 s.
    await fillApplication(page, application(approved.email));
    expect(await submit(page)).toBe(409);
    const alert = page.getByRole("alert").filter({ hasText: "You are already registered as a mentor. Please sign in." });
    await alert.waitFor({ timeout: 10_000 });
    const shownAt = Date.now();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await waitForPath(page, "/auth/login", 15_000);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_MS - 500);
  });
});
