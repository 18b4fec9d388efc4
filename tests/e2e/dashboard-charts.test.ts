import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { moderators } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, sessionFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { seedSession, useBrowser } from "../support/browser";
import { insertEarning } from "../support/earnings";
import { signInInto } from "../support/find-mentor";

/**
 * The dashboards' charts (ADR 0037): each daily series is a line drawn by recharts, a point a day, and what a screen
 * reader gets beside it (the mentor's words, the moderator's table) holds the API's figures, on a desktop and a phone.
 * The figures do not depend on the width, so each page is opened once and its width changed on the same screen: the
 * mentor's chart is tapped at 360 px (a touch screen) and pointed at with the mouse at 1280 px; at 360 px nothing may
 * scroll sideways.
 */
const b = useBrowser();
const MODERATOR = "moderator@example.com";
const ZONE = "Asia/Kolkata";
const DAY = 24 * 60 * 60 * 1000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

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

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The centre of the `index`th dot of the chart's line (read again after the chart is redrawn at another width). */
async function dotCentre(chart: Locator, index: number) {
  const box = (await chart.locator(".recharts-line-dot").nth(index).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A calendar day as the app writes it short in English ("Nov 26"). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Scrolled to until its axis is drawn (more than two day labels): the chart is drawn when it comes near the screen, and a
 * page drawn again (another language, another width) may replace its slot while it is scrolled to.
 */
async function axisDrawn(chart: Locator) {
  await expect
    .poll(
      async () => {
        await chart.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
        return chart.locator(".recharts-xAxis-tick-labels text").count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(2);
}

describe("the dashboards' charts", () => {
  it("the mentor's enrollments: a recharts line with a point a day, the same figures in words, tapped at 360 px and pointed at on a desktop", async () => {
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

    // A touch screen: a finger taps at 360 px, then the same page widened to 1280 px is pointed at with the mouse.
    const context = await b.newContext({ viewport: PHONE, hasTouch: true, timezoneId: ZONE });
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
    // What a screen reader reads for it: the total and each day with enrollments, as the API counts them, each day
    // written as the app writes a short date ("Nov 26"), not "2026-11-26".
    const days = api
      .filter((d) => d.count > 0)
      .map((d) => `${shortDay(d.date)}: ${d.count}`)
      .join(", ");
    expect(await page.getByText(/new enrollments in the last 30 days:/).textContent()).toBe(
      `3 new enrollments in the last 30 days: ${days}.`,
    );
    // The axis names its days the same way ("Nov 26", not "11-26").
    const axisDays = async () => {
      const ticks = await chart.locator(".recharts-xAxis-tick-labels text").allTextContents();
      expect(ticks.length).toBeGreaterThan(2);
      for (const tick of ticks) expect(tick).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
      expect(ticks).toContain(shortDay(api[0].date));
    };
    await axisDays();
    // Tapping (or pointing at) the last day with enrollments names that day the same way in the tooltip (read as it shows).
    const busiest = api.findLastIndex((d) => d.count > 0);
    const tooltipAfter = async (touch: (x: number, y: number) => Promise<void>) => {
      let text = "";
      await expect
        .poll(
          async () => {
            await chart.scrollIntoViewIfNeeded();
            const { x, y } = await dotCentre(chart, busiest);
            await touch(x, y);
            const tooltip = chart.locator(".recharts-tooltip-wrapper");
            text = (await tooltip.isVisible()) ? await tooltip.innerText({ timeout: 1_000 }).catch(() => "") : "";
            return text;
          },
          { timeout: 15_000 },
        )
        .toContain(shortDay(api[busiest].date));
      expect(text).not.toContain(api[busiest].date);
    };
    await tooltipAfter((x, y) => page.touchscreen.tap(x, y));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // A desktop: the same chart redrawn wider, a point a day, its days named the same way, pointed at with the mouse.
    await page.setViewportSize(DESKTOP);
    await drawnChart(page, "chart-enrollments");
    await expect.poll(() => linePoints(chart)).toBe(api.length);
    await axisDays();
    await tooltipAfter((x, y) => page.mouse.move(x, y));
  });

  it("the moderator's statistics: recharts lines with a point a day, and tables with the API's figures (1280 px, then 360 px)", async () => {
    const [moderator] = await testDb().select({ id: moderators.id }).from(moderators).where(eq(moderators.email, MODERATOR));
    const api = trpc(await accessTokenFor("moderator", moderator.id)).moderation;
    const context = await b.newContext({ viewport: DESKTOP, timezoneId: ZONE });
    const page = await context.newPage();
    await seedSession(page, "moderator", { ...(await sessionFor("moderator", MODERATOR)), name: "Moderator" });
    await page.goto("/moderator");
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
    // A phone: both charts still drawn a point a day, and nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    for (const id of ["enrollments", "new mentees"]) {
      const chart = await drawnChart(page, `chart-${id}`);
      await expect.poll(() => linePoints(chart)).toBe(30);
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe("the mentor's chart in words", () => {
  it("says one enrollment in the singular, and in Hindi with Hindi days on the axis and in the sentence (1280 px, then 360 px)", async () => {
    const mentor = await createMentor({ firstName: "Uma", lastName: `One${crypto.randomUUID().slice(0, 4)}`, timeZone: ZONE });
    const mentee = await createMentee({ firstName: "Ravi", lastName: `Single${crypto.randomUUID().slice(0, 4)}` });
    const morning = new Date(`${new Date().toISOString().slice(0, 10)}T06:00:00Z`).getTime();
    await insertEarning(mentor.id, mentee.id, { paidAt: new Date(morning - 2 * DAY) });
    const api = await trpc(await accessTokenFor("mentor", mentor.id)).scheduling.dailyEnrollments.query();
    const day = api.find((d) => d.count > 0)!.date;

    const context = await b.newContext({ viewport: DESKTOP, timezoneId: ZONE });
    const page = await context.newPage();
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors");
    await drawnChart(page, "chart-enrollments");
    expect(await page.getByText(/in the last 30 days:/).textContent()).toBe(`1 new enrollment in the last 30 days: ${shortDay(day)}: 1.`);

    await context.addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    await page.reload();
    await page.getByRole("heading", { name: "नए नामांकन, पिछले 30 दिन" }).waitFor();
    // The page drawn again in Hindi may replace the chart's slot while it is scrolled to: scrolled to until drawn.
    const chart = page.getByTestId("chart-enrollments");
    await axisDrawn(chart);
    const sentence = (await page.getByText(/पिछले 30 दिनों में 1 नया नामांकन:/).textContent()) ?? "";
    // The day in Hindi words (its month in Devanagari), never the ISO date.
    expect(sentence).toMatch(/^पिछले 30 दिनों में 1 नया नामांकन: \d{1,2} [\u0900-\u097F]+.*: 1।$/);
    expect(sentence).not.toContain(day);
    const hindiTicks = async () => {
      const ticks = await chart.locator(".recharts-xAxis-tick-labels text").allTextContents();
      expect(ticks.length).toBeGreaterThan(2);
      for (const tick of ticks) expect(tick).toMatch(/^\d{1,2} [\u0900-\u097F]/);
    };
    await hindiTicks();

    // A phone: the axis redrawn narrower still names its days in Hindi, the sentence is unchanged, nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await axisDrawn(chart);
    await hindiTicks();
    expect(await page.getByText(/पिछले 30 दिनों में 1 नया नामांकन:/).textContent()).toBe(sentence);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
