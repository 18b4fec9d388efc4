import { describe, expect, it } from "vitest";
import { createMentee } from "../support/accounts";
import { useBrowser, waitForPath } from "../support/browser";
import { createMentorWithSkills, enroll, signInInto } from "../support/find-mentor";

/**
 * A subscribed mentee's "Schedule" on a mentor's profile opens that mentor's own times (SPEC §2:
 * /mentees/schedules?mentorId=…), not the list of her mentors where she would pick him again; from the mentee
 * area's profile and the public one, wide and on a phone.
 */
const b = useBrowser();
const SCREENS = [
  { name: "1280x800", viewport: { width: 1280, height: 800 } },
  { name: "360x740", viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
];

describe("Schedule on a mentor's profile", () => {
  for (const screen of SCREENS) {
    it(`opens that mentor's schedule for his subscriber (${screen.name})`, async () => {
      const mentor = await createMentorWithSkills({ firstName: "Ishaan", lastName: `Times${crypto.randomUUID().slice(0, 4)}` }, ["Go"]);
      const mentee = await createMentee({ firstName: "Neha", lastName: `Books${crypto.randomUUID().slice(0, 4)}` });
      await enroll(mentee.id, mentor.id, "active");
      const context = await b.newContext(screen);
      const page = await context.newPage();
      await signInInto(page, "mentee", mentee);
      for (const profile of [`/mentees/browse/mentor/profile/${mentor.id}`, `/browse/mentor/profile/${mentor.id}`]) {
        await page.goto(profile);
        await page.getByRole("heading", { name: "Your subscription" }).waitFor();
        const schedule = page.getByRole("link", { name: "Schedule", exact: true });
        expect(await schedule.getAttribute("href")).toBe(`/mentees/schedules?mentorId=${mentor.id}`);
        await schedule.click();
        await waitForPath(page, `/mentees/schedules?mentorId=${mentor.id}`);
        await page.getByRole("heading", { level: 1, name: `Book a session with ${mentor.firstName} ${mentor.lastName}` }).waitFor();
        expect(await page.getByRole("heading", { level: 1, name: "Schedules" }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.viewport.width);
      }
      await context.close();
    });
  }
});
