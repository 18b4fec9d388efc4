import { describe, expect, it } from "vitest";
import { trpc } from "../support/api";
import { fieldError, readStoredSession, toasts, useBrowser, waitForPath } from "../support/browser";
import { cardNames, createMentorWithSkills, mentorRowOf, PNG_1X1, searchMentorsApi, signInInto, uniqueWord } from "../support/find-mentor";

/**
 * The mentor edits his profile (SPEC §7 edit-profile, §8 "Profile Updated successfully") and his
 * skills: add several comma-separated ("Skill Added"), delete one ("Skill Deleted successfully").
 * What he saves is what mentees then see and find.
 */

const b = useBrowser();
type Page = typeof b.page;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const skillChips = (page: Page) => page.getByRole("list", { name: "Your skills" }).getByRole("listitem");

async function openProfile(page: Page) {
  await page.goto("/mentors");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await waitForPath(page, "/mentors/profile");
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
}

describe("mentor profile editing", () => {
  it("edits the profile fields; the saved values reach the public profile and the nav", async () => {
    const page = b.page;
    const mentor = await createMentorWithSkills(
      {
        firstName: "Ravi",
        lastName: "Shankar",
        jobTitle: "Engineer",
        firmName: "Initech",
        location: "Pune",
        bio: "I mentor backend engineers.",
        hourlyRatePaise: 150_000,
      },
      ["Java"],
    );
    const { accessToken } = await signInInto(page, "mentor", mentor);
    await openProfile(page);
    expect(await page.getByText(`Signed in as ${mentor.email}`).count()).toBe(1);
    expect(await field(page, "Job Title").inputValue()).toBe(mentor.jobTitle);
    expect(await field(page, "Firm Name").inputValue()).toBe(mentor.firmName);
    expect(await field(page, "Location (optional)").inputValue()).toBe(mentor.location);
    expect(await field(page, "Hourly Rate (₹)").inputValue()).toBe(String(mentor.hourlyRatePaise / 100));
    expect(await field(page, "Bio").inputValue()).toBe(mentor.bio);

    // Required fields are checked before sending.
    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/trpc/mentors.updateProfile")) saves.push(r.url());
    });
    await field(page, "Bio").fill("");
    await field(page, "Hourly Rate (₹)").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => fieldError(page, "Bio")).toBe("Bio is required");
    expect(await fieldError(page, "Hourly Rate (₹)")).not.toBe("");
    expect(saves).toEqual([]);

    await field(page, "Last Name").fill("Shankar-Iyer");
    await field(page, "Job Title").fill("Principal Engineer");
    await field(page, "Firm Name").fill("Globex");
    await field(page, "Hourly Rate (₹)").fill("2750");
    await field(page, "Short bio (optional)").fill("Backend systems, fifteen years.");
    await field(page, "Bio").fill("I mentor backend engineers on distributed systems.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toasts(page, "Profile Updated successfully").waitFor();
    expect(saves).toHaveLength(1);

    const row = await mentorRowOf(mentor.id);
    expect(row).toMatchObject({
      lastName: "Shankar-Iyer",
      jobTitle: "Principal Engineer",
      firmName: "Globex",
      hourlyRatePaise: 275_000,
      shortBio: "Backend systems, fifteen years.",
      bio: "I mentor backend engineers on distributed systems.",
      location: "Pune",
    });
    expect(await readStoredSession(page, "mentor")).toMatchObject({ mentorName: "Ravi Shankar-Iyer" });
    // The toast does not cover the nav: the account menu opens at once and shows the new name.
    await page.getByRole("button", { name: "Account menu" }).click({ timeout: 2_000 });
    await page.getByRole("menu").getByText("Ravi Shankar-Iyer", { exact: true }).waitFor();
    await page.keyboard.press("Escape");

    // Mentees see the saved profile.
    const publicView = await (await b.newContext()).newPage();
    await publicView.goto(`/browse/mentor/profile/${mentor.id}`);
    await publicView.getByRole("heading", { level: 1, name: "Ravi Shankar-Iyer" }).waitFor();
    const text = await publicView.locator("main").innerText();
    expect(text).toContain("Principal Engineer@ Globex");
    expect(text).toContain("₹2,750 / hour");
    expect(text).toContain("I mentor backend engineers on distributed systems.");

    // A new picture shows in the nav and on the public profile.
    const navImage = page.getByRole("button", { name: "Account menu" }).locator("img");
    expect(await navImage.count()).toBe(0);
    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/images/profile"));
    await page.getByTestId("profile-image-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
    expect((await uploaded).status()).toBe(201);
    await navImage.waitFor();
    const src = await navImage.getAttribute("src");
    expect(src).toMatch(/^\/images\/profiles\/mentor\/.+\.png$/);
    expect(await readStoredSession(page, "mentor")).toMatchObject({ profileImageUrl: src });
    await publicView.reload();
    await expect.poll(() => publicView.getByRole("img", { name: "Photo of Ravi Shankar-Iyer" }).getAttribute("src")).toBe(src);

    // A failed save is reported and changes nothing.
    await page.route("**/trpc/mentors.updateProfile**", (route) => route.abort("connectionrefused"));
    await field(page, "Job Title").fill("Not saved");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toasts(page, "Something went wrong").waitFor();
    expect((await trpc(accessToken).mentors.myProfile.query()).jobTitle).toBe("Principal Engineer");
  });

  it("adds comma-separated skills, refuses duplicates and blanks, deletes one, and search follows", async () => {
    const page = b.page;
    const word = uniqueWord("sk");
    const mentor = await createMentorWithSkills({ firstName: "Dara", lastName: "Quinlan" }, ["React", "Node"]);
    const { accessToken } = await signInInto(page, "mentor", mentor);
    const mySkills = async () => (await trpc(accessToken).mentors.myProfile.query()).skills;
    await openProfile(page);
    expect(await skillChips(page).allInnerTexts()).toEqual(["React", "Node"]);
    const input = field(page, "New skills");
    const add = page.getByRole("button", { name: "Add skills" });

    // Several at once, comma-separated (blanks between commas ignored).
    await input.fill(`Rust, ${word} Tuning , ,WebAssembly`);
    await add.click();
    await toasts(page, "Skill Added").waitFor();
    const added = ["React", "Node", "Rust", `${word} Tuning`, "WebAssembly"];
    await expect.poll(() => skillChips(page).allInnerTexts()).toEqual(added);
    expect(await input.inputValue()).toBe("");
    expect(await mySkills()).toEqual(added);

    // Mentees now find him by the new skill.
    expect((await searchMentorsApi({ search: word })).map((m) => m.id)).toEqual([mentor.id]);
    const finder = await (await b.newContext()).newPage();
    await finder.goto(`/browse/mentor/${word}`);
    await expect.poll(() => cardNames(finder), { timeout: 10_000 }).toEqual([`${mentor.firstName} ${mentor.lastName}`]);

    // A skill he already has (in any case) is refused with the server's reason.
    await input.fill("react");
    await add.click();
    await toasts(page, "Error").filter({ hasText: "You already have these skills." }).waitFor();
    expect(await fieldError(page, "New skills")).toBe("You already have these skills.");
    expect(await mySkills()).toEqual(added);

    // Only commas is no skill at all.
    await input.fill(" , ");
    await add.click();
    await expect.poll(() => fieldError(page, "New skills")).toBe("Enter at least one skill");

    // Delete one.
    await page.getByRole("button", { name: "Delete skill Node" }).click();
    await toasts(page, "Skill Deleted successfully").waitFor();
    const remaining = added.filter((s) => s !== "Node");
    await expect.poll(() => skillChips(page).allInnerTexts()).toEqual(remaining);
    expect(await mySkills()).toEqual(remaining);

    // After a reload the list is what the server holds; the public profile shows the first four.
    await page.reload();
    await expect.poll(() => skillChips(page).allInnerTexts()).toEqual(remaining);
    await finder.goto(`/browse/mentor/profile/${mentor.id}`);
    await expect
      .poll(() => finder.getByRole("list", { name: "Skills" }).getByRole("listitem").allTextContents())
      .toEqual(remaining.slice(0, 4));
  });
});
