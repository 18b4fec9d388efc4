import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { moderators } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { signInThroughUi, useBrowser } from "../support/browser";
import { insertEarning } from "../support/earnings";
import { signInInto } from "../support/find-mentor";

/**
 * The dashboards' charts (ADR 0037): each daily series is a line drawn by recharts, a point a day, and what a screen
 * reader gets beside it (the mentor's words, the moderator's table) holds the API's figures, on a desktop and a phone.
 */
const b = useBrowser();
const MODERATOR = "moderator@example.com";
const ZONE = "Asia/Kolkata";
const DAY = 24 * 60 * 60 * 1000;
const SCREENS = [
  { name: "1280 px", viewport: { width: 1280, height: 800 } },
  { name: "360 px", viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
];

/** The points of the chart's line: the path recharts draws as "M x,y L x,y …", one point a day. */
async function linePoints(chart: Locator): Promise<number> {
  const d = (await chart.locator(".recharts-line path.recharts-line-curve").getAttribute("d")) ?? "";
  return d.match(/[ML]/g)?.length ?? 0;
}

/** Scrolls to a chart (each is drawn when near the screen, once the page is idle) and waits for its line. */
async function drawnChart(page: Page, testId: string): Promise<Locator> {
  const chart = page.getByTestId(testId);
  await chart.scrollIntoViewIfNeeded();
  await chart.locator(".recharts-line path.recharts-line-curve").waitFor({ state: "attached", timeout: 15_000 });
  return chart;
}

describe("the dashboards' charts", () => {
  for (const screen of SCREENS) {
    it(`the mentor's enrollments: a recharts line with a point a day, and the same figures in words (${screen.name})`, async () => {
      const mentor = await createMentor({ firstName: "Lina", lastName: `Chart${crypto.randomUUID().slice(0, 4)}`, timeZone: ZONE });
      // Three new enrollments on two days of the last 30: two 3 days ago, one 10 days ago (at 06:00 UTC, 11:30 in Kolkata:
      // the same day in both).
      const morning = new Date(`${new Date().toISOString().slice(0, 10)}T06:00:00Z`).getTime();
      for (const daysAgo of [3, 3, 10]) {
        const mentee = await createMentee({ firstName: "Dev", lastName: `Plot${crypto.randomUUID().slice(0, 4)}` });
        // A new enrollment is a subscription's first paid month, on the day it was paid (ADR 0024).
        await insertEarning(mentor.id, mentee.id, { paidAt: new Date(morning - daysAgo * DAY) });
      }
      const api = await trpc(await accessTokenFor("mentor", mentor.id)).scheduling.dailyEnrollments.query();
      expect(api).toHaveLength(30);
      expect(api.reduce((n, d) => n + d.count, 0)).toBe(3);

      const context = await b.newContext({ ...screen, timezoneId: ZONE });
      const page = await context.newPage();
      await signInInto(page, "mentor", mentor);
      await page.goto("/mentors");
      await page.getByRole("heading", { name: "Upcoming Live Sessions (next 24hr)" }).waitFor();
      // The day's sessions come first; the chart follows the sessions' cards.
      const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings.indexOf("Upcoming Live Sessions (next 24hr)")).toBeLessThan(headings.indexOf("New enrollments, last 30 days"));

      const chart = await drawnChart(page, "chart-enrollments");
      expect(await linePoints(chart)).toBe(api.length);
      expect(await chart.locator(".recharts-line-dot").count()).toBe(api.length);
      expect(await chart.locator(".recharts-bar, rect.daily-bar").count()).toBe(0);
      // What a screen reader reads for it: the total and each day with enrollments, as the API counts them.
      const days = api
        .filter((d) => d.count > 0)
        .map((d) => `${d.date}: ${d.count}`)
        .join(", ");
      expect(await page.getByText(/new enrollments in the last 30 days:/).textContent()).toBe(
        `3 new enrollments in the last 30 days: ${days}.`,
      );
      if (screen.viewport.width < 400) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    it(`the moderator's statistics: recharts lines with a point a day, and tables with the API's figures (${screen.name})`, async () => {
      const [moderator] = await testDb().select({ id: moderators.id }).from(moderators).where(eq(moderators.email, MODERATOR));
      const api = trpc(await accessTokenFor("moderator", moderator.id)).moderation;
      const context = await b.newContext({ ...screen, timezoneId: ZONE });
      const page = await context.newPage();
      await signInThroughUi(page, "moderator", MODERATOR);
      await page.getByText("Pending applicants").waitFor();
      for (const [id, read] of [
        ["enrollments", () => api.dailyEnrollments.query({ timeZone: ZONE })],
        ["new mentees", () => api.dailyNewMentees.query({ timeZone: ZONE })],
      ] as const) {
        const chart = await drawnChart(page, `chart-${id}`);
        // Test files beside this one add enrollments and mentees all the time (today's mostly), so a figure can move
        // between the page's read and ours: the page is read again (after a reload) until the two agree, a few times at most.
        const figure = page.getByRole("figure").filter({ has: page.getByTestId(`chart-${id}`) });
        const rows = async () => {
          await figure.getByText("Show as a table").click();
          return figure
            .locator("tbody tr")
            .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
        };
        let table = await rows();
        let days = await read();
        for (let attempt = 0; attempt < 5 && table.map((r) => r[1]).join() !== days.map((d) => String(d.count)).join(); attempt++) {
          await page.reload();
          await drawnChart(page, `chart-${id}`);
          table = await rows();
          days = await read();
        }
        expect(await linePoints(chart)).toBe(days.length);
        expect(days).toHaveLength(30);
        expect(table.map((r) => r[1])).toEqual(days.map((d) => String(d.count)));
        for (const [i, d] of days.entries()) {
          const date = new Date(`${d.date}T00:00:00Z`);
          const month = date.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
          expect(table[i][0]).toMatch(new RegExp(`^${month} ${date.getUTCDate()}(st|nd|rd|th) ${date.getUTCFullYear()}$`));
        }
      }
      if (screen.viewport.width < 400) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
