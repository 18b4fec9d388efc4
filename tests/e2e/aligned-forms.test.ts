import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentor, signIn } from "../support/accounts";
import { seedSession, useBrowser } from "../support/browser";

/** Paired form fields line up (label beside label, box beside box), whatever help text one of them has. */
const b = useBrowser();

async function tops(page: Page, labels: string[]) {
  return Promise.all(
    labels.map(async (label) => {
      const control = page.getByLabel(label, { exact: true });
      await control.waitFor();
      const box = await control.boundingBox();
      return Math.round(box!.y);
    }),
  );
}

describe("paired form fields line up", () => {
  it("on the mentor's profile: Educational Qualification beside Hourly Rate, with its long help text", async () => {
    const page = b.page;
    const mentor = await createMentor();
    const tokens = await signIn("mentor", mentor.email);
    await seedSession(page, "mentor", { ...tokens, name: `${mentor.firstName} ${mentor.lastName}` });
    await page.goto("/mentors/profile");
    const [education, rate] = await tops(page, ["Educational Qualification", "Hourly Rate (₹)"]);
    expect(Math.abs(education - rate)).toBeLessThanOrEqual(1);
    const [mobile, location] = await tops(page, ["Mobile Number", "Location (optional)"]);
    expect(Math.abs(mobile - location)).toBeLessThanOrEqual(1);
  });

  it("on the mentor application: Hourly Rate beside Skills, with its help text", async () => {
    const page = b.page;
    await page.goto("/auth/mentor-register");
    const [rate, skills] = await tops(page, ["Hourly Rate (₹)", "Skills (comma separated)"]);
    expect(Math.abs(rate - skills)).toBeLessThanOrEqual(1);
  });
});
