import { describe, expect, it } from "vitest";
import { mentorSkills } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { signInThroughUi, useBrowser, waitForPath } from "../support/browser";

/**
 * What a browser keeps of one person is hers (ADR 0030): a mentee's recent searches go when she logs
 * out, so the next person signing in on the same browser gets nothing built from them.
 */
const b = useBrowser({ timezoneId: "Asia/Kolkata" });
const letters = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6);
const SEARCHES_KEY = "mentorlink:recent-searches";

describe("browser state per person", () => {
  it("mentee A's recent searches are gone after her Logout: mentee B signing in on the same browser has no key, no cookie and no suggestions from them", async () => {
    const page = b.page;
    const tag = letters();
    const term = `zqstate${tag}`;
    const mentor = await createMentor({ firstName: "Searched", lastName: `Mentor${tag}` });
    await testDb().insert(mentorSkills).values({ mentorId: mentor.id, name: term, skillKey: term });
    const a = await createMentee({ firstName: "Asha", lastName: `First${tag}`, timeZone: "Asia/Kolkata" });
    const bee = await createMentee({ firstName: "Bina", lastName: `Second${tag}`, timeZone: "Asia/Kolkata" });

    // A searches, and her home suggests from it.
    await signInThroughUi(page, "mentee", a.email);
    // Her area's frame is up (its search opens results inside /mentees), as she sees it before she types.
    await page.getByRole("navigation", { name: "Mentee navigation" }).waitFor();
    await page.getByRole("search").getByRole("searchbox").fill(term);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toContain(`/mentees/browse/mentor/${term}`);
    await page.goto("/mentees");
    const suggested = page.getByRole("region", { name: "Mentors for you" });
    await suggested.getByText("Based on your recent searches.").waitFor();
    await suggested.getByRole("link", { name: `Searched Mentor${tag}` }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), SEARCHES_KEY)).toContain(term);

    // A logs out.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await waitForPath(page, "/");
    expect(await page.evaluate((key) => localStorage.getItem(key), SEARCHES_KEY)).toBeNull();
    const cookies = async () => (await b.context.cookies()).filter((c) => c.name === "searches").map((c) => decodeURIComponent(c.value));
    for (const value of await cookies()) expect(value).not.toContain(term);

    // B signs in on the same browser: nothing of A's searches.
    await signInThroughUi(page, "mentee", bee.email);
    await page.goto("/mentees");
    await page.getByRole("heading", { level: 1, name: `Welcome, Bina Second${tag}` }).waitFor();
    await suggested.getByRole("listitem").first().waitFor();
    expect(await suggested.innerText()).not.toContain("Based on your recent searches.");
    expect(await suggested.getByRole("link", { name: `Searched Mentor${tag}` }).count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), SEARCHES_KEY)).toBeNull();
    for (const value of await cookies()) expect(value).not.toContain(term);
  });
});
