import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn } from "../support/accounts";
import { rest } from "../support/api";
import { seedSession, submitSignIn, useBrowser, waitForPath } from "../support/browser";
import { createModerator } from "../support/moderation";

/**
 * Screens never dead-end. A piece of code that cannot be fetched (an open tab after
 * a deploy, a dropped connection) reloads the page once, then says in words what failed, with Retry
 * and Home; an unknown address keeps the navigation.
 */
const b = useBrowser();
const LOGIN_CHUNK = /\/assets\/login-[^/]+\.js$/;
const CALENDAR_CHUNK = /\/assets\/slot-calendar-[^/]+\.js$/;

/** Counts the tab's reloads (documents loaded by `location.reload()`), kept in its session storage. */
async function countReloads(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (entry?.type === "reload") sessionStorage.setItem("e2e-reloads", String(Number(sessionStorage.getItem("e2e-reloads") ?? 0) + 1));
  });
  return async () => Number(await page.evaluate(() => sessionStorage.getItem("e2e-reloads") ?? 0));
}

const retryText = (what: string) => `This part of MentorLink could not be loaded (${what}). Check your connection and try again.`;

describe("no dead ends", () => {
  it("a page whose code cannot be fetched reloads once, then offers Retry, which loads it once the network is back", async () => {
    const page = b.page;
    const reloads = await countReloads(page);
    await page.route(LOGIN_CHUNK, (route) => route.abort("failed"));
    await page.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: retryText("this page") });
    await alert.waitFor({ timeout: 15_000 });
    expect(await reloads()).toBe(1);
    expect(await alert.textContent()).not.toMatch(/https?:|\.js|assets/);
    // The public header stays: the visitor is never on a bare page.
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
    await page.waitForTimeout(1_000);
    expect(await reloads(), "no reload loop").toBe(1);

    await page.unroute(LOGIN_CHUNK);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).first().waitFor({ timeout: 10_000 });
  });

  it("the scheduler whose calendar cannot be fetched names the calendar, keeps the mentor's nav, and Home leaves", async () => {
    const page = b.page;
    const mentor = await createMentor();
    const tokens = await signIn("mentor", mentor.email);
    await seedSession(page, "mentor", { ...tokens, name: `${mentor.firstName} ${mentor.lastName}` });
    const reloads = await countReloads(page);
    await page.route(CALENDAR_CHUNK, (route) => route.abort("failed"));
    await page.goto("/mentors/scheduler");
    await page
      .getByRole("alert")
      .filter({ hasText: retryText("the calendar") })
      .waitFor({ timeout: 15_000 });
    expect(await reloads()).toBe(1);
    await page.getByRole("navigation", { name: "Mentor navigation" }).getByRole("link", { name: "Connect" }).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
    await page.getByRole("link", { name: "Home", exact: true }).last().click();
    await waitForPath(page, "/");
  });

  it("an unknown address shows Page not found with the public header", async () => {
    const page = b.page;
    await page.goto("/no-such-page/at-all");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Find a Mentor" })
      .first()
      .waitFor({ state: "attached" });
  });

  it("an unknown address inside an area keeps that area's nav", async () => {
    const page = b.page;
    const mentor = await createMentor();
    const tokens = await signIn("mentor", mentor.email);
    await seedSession(page, "mentor", { ...tokens, name: `${mentor.firstName} ${mentor.lastName}` });
    await page.goto("/mentors/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("navigation", { name: "Mentor navigation" }).getByRole("link", { name: "Scheduler" }).click();
    await waitForPath(page, "/mentors/scheduler");
  });

  it("a blocked mentee signing in reads why, in the moderator's words, and where to appeal", async () => {
    const page = b.page;
    const [moderator, mentee] = await Promise.all([createModerator(), createMentee()]);
    const blocked = await rest("PATCH", "/api/moderator/mentees_status_change", {
      token: moderator.token,
      body: { menteeId: mentee.id, reason: "Shared another mentee's phone number" },
    });
    expect(blocked.status).toBe(200);
    await page.goto("/auth/login?mentees");
    await submitSignIn(page, "mentee", mentee.email);
    await page
      .getByRole("tabpanel", { name: "Mentees" })
      .getByText(
        "Your account is blocked: Shared another mentee's phone number. To appeal, write to support@mentorlink.local from this account's e-mail address.",
      )
      .waitFor();
  });
});
