import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { inZone, pickDay, pickTime, fixedZoneWallClock as wallClock } from "../support/booking";
import { useBrowser } from "../support/browser";
import { enroll, signInInto } from "../support/find-mentor";
import { showListDay } from "../support/scheduler-page";

/**
 * Scheduling in Chromium (ADR 0013), with accounts made for each test (the demo accounts are never
 * touched): a mentor in Kolkata publishes slots in the calendar while his browser runs on London
 * time; a mentee in New York books one, sees it in her zone, downloads the .ics and cancels; the
 * mentor deletes a booked slot and the mentee's open page shows the toast at once; before that, on the
 * same open pages, both screens at 360 px (the mentor's week as a list).
 */
const MENTOR_ZONE = "Asia/Kolkata";
const MENTEE_ZONE = "America/New_York";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The mentor's browser deliberately runs in a third zone: the calendar must follow his account's zone.
const b = useBrowser({ timezoneId: "Europe/London" });

/** A Kolkata calendar day `days` from today. */
const mentorDay = (days: number) => inZone(new Date(Date.now() + days * DAY), MENTOR_ZONE).iso;

const icsStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

async function people() {
  const mentor = await createMentor({ firstName: "Kiran", lastName: `Desai${crypto.randomUUID().slice(0, 4)}`, timeZone: MENTOR_ZONE });
  const mentee = await createMentee({ firstName: "Maya", lastName: `Brooks${crypto.randomUUID().slice(0, 4)}`, timeZone: MENTEE_ZONE });
  await enroll(mentee.id, mentor.id, "active");
  return { mentor, mentee };
}

/** The mentee's page with its realtime room connected (the server answered `setup` with `connected`). */
async function openWithRealtime(page: Page, path: string) {
  const socket = page.waitForEvent("websocket", { predicate: (ws) => ws.url().includes("/parties/user-room/") });
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent("framereceived", { predicate: (frame) => String(frame.payload).includes('"connected"'), timeout: 15_000 });
}

/** Moves the calendar forward until the day's column is shown. */
async function showDay(page: Page, date: string) {
  await page.locator(".fc-timegrid").waitFor();
  const column = page.locator(`td.fc-timegrid-col[data-date="${date}"]`);
  for (let i = 0; i < 6 && (await column.count()) === 0; i++) await page.locator(".fc-next-button").click();
  await column.waitFor();
  return column;
}

const slotsOf = (mentorId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.state, "open")));

describe("scheduling", () => {
  it("a mentor publishes slots in his zone; a subscribed mentee books one, sees it in hers, downloads the .ics and cancels", async () => {
    const { mentor, mentee } = await people();
    const mentorPage = b.page;
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors/scheduler");
    await mentorPage.locator(".fc-timegrid").waitFor();
    // At 1280 px the calendar shows a week; its header names the mentor's zone, not the browser's.
    expect(await mentorPage.locator(".fc-timeGridWeek-view").count()).toBe(1);
    await mentorPage.getByText("Times are in your time zone, Asia/Kolkata (GMT+5:30)").waitFor();

    // 1. With the form: 7:30 pm Kolkata time, two days ahead.
    const day = mentorDay(2);
    const formStart = wallClock(day, "19:30", MENTOR_ZONE);
    await mentorPage.getByLabel("Date").fill(day);
    await mentorPage.getByLabel("Start time").fill("19:30");
    await mentorPage.getByLabel("Title (optional)").fill("Career chat");
    await mentorPage.getByRole("button", { name: "Publish slot" }).click();
    await mentorPage.getByText("Slot allocated successfully").first().waitFor();

    // 2. By clicking a time in the calendar: 10:00 am on the same Kolkata day.
    const column = await showDay(mentorPage, day);
    const lane = mentorPage.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]');
    await lane.scrollIntoViewIfNeeded();
    const rowBox = (await lane.boundingBox())!;
    const colBox = (await column.boundingBox())!;
    await mentorPage.mouse.click(colBox.x + colBox.width / 2, rowBox.y + rowBox.height / 2);
    // The click asks first (ADR 0023): nothing is published until the mentor confirms.
    await mentorPage
      .getByRole("dialog", { name: /^Publish a slot on .*10:00 am\?$/ })
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    await expect.poll(async () => (await slotsOf(mentor.id)).length, { timeout: 10_000 }).toBe(2);
    const clickStart = wallClock(day, "10:00", MENTOR_ZONE);
    expect((await slotsOf(mentor.id)).map((s) => s.startAt.toISOString()).sort()).toEqual(
      [clickStart.toISOString(), formStart.toISOString()].sort(),
    );

    // Both show as open events at the mentor's wall-clock times.
    const events = column.locator(".fc-event");
    await expect
      .poll(() => events.allInnerTexts(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/10:00\s*am\s+Open/i), expect.stringMatching(/7:30\s*pm\s+Open/i)]));

    // The mentee, in New York.
    const menteeContext = await b.newContext({ timezoneId: MENTEE_ZONE });
    const menteePage = await menteeContext.newPage();
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto(`/mentees/schedules?mentorId=${mentor.id}`);
    await menteePage.getByTestId("calls-left").filter({ hasText: "4 of 4 calls left this period" }).waitFor();
    const seen = inZone(formStart, MENTEE_ZONE);
    // Day on the month calendar, then the time; the confirm step shows it in her zone.
    await pickDay(menteePage, seen.date);
    await pickTime(menteePage, seen.date, seen.time);
    const main = menteePage.locator("main");
    expect(await main.innerText()).toContain(`${seen.date}, ${seen.time}`);
    // The mentor's local time beside it, both zones named.
    expect(await main.innerText()).toContain(`Mentor's time: ${inZone(formStart, MENTOR_ZONE).date}, 7:30 pm · Asia/Kolkata (GMT+5:30)`);
    await menteePage.getByRole("button", { name: "Confirm", exact: true }).click();
    await menteePage.getByText("Slot allocated successfully").first().waitFor();
    await menteePage.getByRole("heading", { name: "You're booked" }).waitFor();
    await menteePage.goto(`/mentees/schedules?mentorId=${mentor.id}`);
    await menteePage.getByTestId("calls-left").filter({ hasText: "3 of 4 calls left this period" }).waitFor();

    // The mentor's open calendar shows her name on the slot (the booking's notification push refetches it).
    await events.filter({ hasText: `Booked: ${mentee.firstName} ${mentee.lastName}` }).waitFor({ timeout: 15_000 });

    // Her booked slots, in her zone.
    await menteePage.goto("/mentees/booked-slots");
    const upcoming = menteePage.getByRole("region", { name: "Upcoming sessions" });
    const card = upcoming.getByRole("listitem").filter({ hasText: mentor.lastName });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(`Session with ${mentor.firstName} ${mentor.lastName}`);
    expect(text).toContain(`${seen.date}, ${seen.time}`);
    expect(text).toMatch(/America\/New York \(GMT-[45]\)/);

    // The .ics download.
    const [download] = await Promise.all([
      menteePage.waitForEvent("download"),
      card.getByRole("button", { name: "Add to calendar (.ics)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mentorlink-session-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n[ \t]/g, "");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain(`DTSTART:${icsStamp(formStart)}\r\n`);
    expect(ics).toContain(`DTEND:${icsStamp(new Date(formStart.getTime() + HOUR))}\r\n`);
    expect(ics).toContain(`SUMMARY:Mentorship session with ${mentor.firstName} ${mentor.lastName}\r\n`);
    const [booked] = await testDb().select().from(timeSlots).where(eq(timeSlots.menteeId, mentee.id));
    expect(ics).toContain(`UID:${booked.id}-`);

    // Cancel: the slot opens again and the call is back.
    await card.getByRole("button", { name: "Cancel booking" }).click();
    await menteePage.getByRole("dialog", { name: "Cancel this session?" }).getByRole("button", { name: "Cancel booking" }).click();
    await menteePage.getByText("Booking cancelled").first().waitFor();
    await upcoming.getByText("No upcoming sessions.").waitFor();
    expect((await slotsOf(mentor.id)).length).toBe(2);
  });

  it("both fit 360 px (the week as a list, a long title, no sideways scroll); the mentor deletes the booked slot in the 1280 px calendar and the mentee's open page shows 'Schedule changed by mentor' at once", async () => {
    const { mentor, mentee } = await people();
    const mentorPage = b.page;
    const mentorTokens = await signInInto(mentorPage, "mentor", mentor);
    const day = mentorDay(3);
    const start = wallClock(day, "16:00", MENTOR_ZONE);
    const [slot] = await trpc(mentorTokens.accessToken).scheduling.publish.mutate({
      slotDetails: { start: start.toISOString(), title: "A rather long title for a narrow phone screen" },
    });

    const menteeContext = await b.newContext({ timezoneId: MENTEE_ZONE });
    const menteePage = await menteeContext.newPage();
    const menteeTokens = await signInInto(menteePage, "mentee", mentee);
    await trpc(menteeTokens.accessToken).scheduling.book.mutate({ slotId: slot.id });
    await openWithRealtime(menteePage, "/mentees/booked-slots");
    const upcoming = menteePage.getByRole("region", { name: "Upcoming sessions" });
    await upcoming.getByText(`Session with ${mentor.firstName} ${mentor.lastName}`).waitFor();
    await menteePage.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // Her booked slots on a phone: the card's calendar download is there and nothing scrolls sideways.
    await menteePage.setViewportSize({ width: 360, height: 740 });
    await upcoming.getByRole("button", { name: "Add to calendar (.ics)" }).waitFor();
    expect(await menteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // His scheduler on a phone: the week as a list, the long title in it, nothing sideways.
    await mentorPage.setViewportSize({ width: 360, height: 740 });
    await mentorPage.goto("/mentors/scheduler");
    await showListDay(mentorPage, day);
    await mentorPage
      .getByRole("button", {
        name: new RegExp(
          `4:00 pm: Booked: ${mentee.firstName} ${mentee.lastName}, A rather long title for a narrow phone screen\\. Open details$`,
        ),
      })
      .waitFor();
    expect(await mentorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // At 1280 px, the calendar as a week again.
    await mentorPage.setViewportSize({ width: 1280, height: 800 });
    const column = await showDay(mentorPage, day);
    const event = column.locator(".fc-event").filter({ hasText: `Booked: ${mentee.firstName} ${mentee.lastName}` });
    // From the keyboard: the event is focusable and opens its details with Enter.
    await event.focus();
    await mentorPage.keyboard.press("Enter");
    await mentorPage.getByText(`Booked by ${mentee.firstName} ${mentee.lastName}`).waitFor();
    await mentorPage.getByRole("button", { name: "Delete and cancel booking" }).click();
    // It asks first, with an optional reason for the mentee.
    await mentorPage
      .getByRole("dialog", { name: "Delete this slot and cancel the booking?" })
      .getByRole("button", { name: "Delete and cancel booking" })
      .click();
    await mentorPage.getByText("Slot Deleted").first().waitFor();

    // No reload on the mentee's side: the push brings the toast and the list refetches.
    await menteePage.getByText("Schedule changed by mentor").waitFor({ timeout: 10_000 });
    await upcoming.getByText("No upcoming sessions.").waitFor({ timeout: 10_000 });
    expect(await menteePage.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
