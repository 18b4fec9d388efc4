import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../support/accounts";
import { trpc } from "../support/api";
import { useBrowser } from "../support/browser";
import { insertEarning } from "../support/earnings";
import { signInInto } from "../support/find-mentor";
import { clockIn, dayIn, MENTOR_ZONE, mentorDay, people, showDay, wallClock } from "../support/scheduler-page";

/**
 * A page that keeps a clock (so "Go Live" appears when a session's room opens) redraws only what tells the
 * time. The mentor's calendar and his enrollments chart are the heaviest things on his screens (their first
 * renders were their longest tasks); redrawn on every 30-second tick, they stalled the page while he
 * looked at it. Time runs on Playwright's clock here, so a tick happens when the test says.
 */
const b = useBrowser();

/**
 * The changes inside `selector` while the page's clock ticks twice (a 30-second clock fires at least twice), leaving
 * out FullCalendar's own "now" line, which moves with the minute.
 */
async function changesOverTwoTicks(page: Page, selector: string): Promise<number> {
  await page.evaluate((s) => {
    (window as unknown as { changes: number }).changes = 0;
    new MutationObserver((records) => {
      const counted = records.filter((r) => !(r.target instanceof Element && r.target.closest(".fc-timegrid-now-indicator-container")));
      (window as unknown as { changes: number }).changes += counted.length;
    }).observe(document.querySelector(s)!, { subtree: true, childList: true, attributes: true, characterData: true });
  }, selector);
  await page.clock.runFor(31_000);
  await page.clock.runFor(31_000);
  return page.evaluate(() => (window as unknown as { changes: number }).changes);
}

/**
 * The page's time, clear of midnight where the mentor lives: FullCalendar marks the new "today" when his day changes,
 * rightly, which is not the redraw this test looks for. Ten minutes back within five minutes of it, else now.
 */
function clearOfHisMidnight(now = new Date()): Date {
  const time = clockIn(now, MENTOR_ZONE);
  return time >= "23:55" || time < "00:05" ? new Date(now.getTime() - 10 * 60_000) : now;
}

describe("the mentor's screens when their clock ticks", () => {
  it("draw neither the calendar nor the chart again", async () => {
    const { mentor, mentee } = await people();
    // The subscription's first paid month: the dashboard counts new enrollments from the ledger, and draws the chart.
    await insertEarning(mentor.id, mentee.id, { paidAt: new Date(Date.now() - 24 * 60 * 60 * 1000) });
    const token = await accessTokenFor("mentor", mentor.id);
    // Tomorrow at 10 am where he lives: a slot three hours from now crossed his midnight for one hour a day, and the
    // calendar then drew it as two pieces.
    const start = wallClock(mentorDay(1), "10:00", MENTOR_ZONE);
    await trpc(token).scheduling.publish.mutate({ slotDetails: { start: start.toISOString() } });
    const page = b.page;
    await page.clock.install({ time: clearOfHisMidnight() });
    await signInInto(page, "mentor", mentor);

    await page.goto("/mentors/scheduler");
    await showDay(page, dayIn(start, MENTOR_ZONE).iso);
    const event = page.locator(".fc-event.slot-open");
    await event.first().waitFor();
    expect(await changesOverTwoTicks(page, ".fc-view-harness")).toBe(0);
    expect(await event.count()).toBe(1);

    await page.goto("/mentors");
    const dots = page.locator(".recharts-line-dot");
    await page.getByRole("heading", { name: "New enrollments, last 30 days" }).scrollIntoViewIfNeeded();
    // Drawn once the page is idle (at most 2 s of the page's clock after it came near the screen).
    await page.clock.runFor(2_500);
    await dots.first().waitFor({ state: "attached" });
    expect(await changesOverTwoTicks(page, ".daily-line-chart")).toBe(0);
    // A point a day, the days without an enrollment too.
    expect(await dots.count()).toBe(30);
  });
});
