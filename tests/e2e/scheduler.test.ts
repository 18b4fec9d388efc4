import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../support/accounts";
import { trpc } from "../support/api";
import { toasts, useBrowser, watchLayoutShifts } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import {
  bookedBy,
  clickCell,
  clockIn,
  dayIn,
  liveSlotsOf,
  MENTOR_ZONE,
  mentorDay,
  nextWeekday,
  notificationsOf,
  openSection,
  pageWidth,
  people,
  showDay,
  showListDay,
  wallClock,
} from "../support/scheduler-page";

/**
 * The mentor's scheduler in Chromium (ADR 0023), with accounts of its own: the mentor's account is in
 * Kolkata while his browser runs on London time. Weekly hours from the keyboard, booking rules, time
 * off over a booked day, a click on an empty cell that asks first (at 1280x800, where the same journey
 * checks the computer's layout), deleting a booked slot with a reason, asking to reschedule; a phone's
 * own journey at 360x740 (the list, the day's grid, the details as a sheet, every section), and a
 * tablet's sheet at 768x1024.
 */
const b = useBrowser({ timezoneId: "Europe/London" });

/** Once a panel's entrance animation (it slides in 8 px) has run: measured during it, its box is off by up to 8 px. */
const entranceOver = (panel: Locator) =>
  panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));

/** The day's grid, opened: the slot titled `title` on it, whole on a screen `height` px tall. */
async function dayGridSlotInView(page: Page, title: string, height: number) {
  await page.locator(".fc-timeGridDay-view").waitFor();
  const event = page.locator(".fc-timeGridDay-view .fc-event").filter({ hasText: title });
  await event.waitFor();
  await expect
    .poll(async () => {
      const box = (await event.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= height;
    })
    .toBe(true);
  return event;
}

describe("the mentor's scheduler", () => {
  it("weekly hours set with the keyboard publish Tuesday and Thursday 18:00, 19:00 and 20:00 Kolkata; booking rules are saved and reloaded", async () => {
    const { mentor } = await people();
    const page = b.page;
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler");
    await page.getByRole("tab", { name: "Calendar", exact: true, selected: true }).waitFor();

    // To the Weekly hours tab from the keyboard: the tab list moves with the arrow keys.
    await page.getByRole("tab", { name: "Calendar", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tab", { name: "Weekly hours", selected: true }).waitFor();
    await page.getByText("Times in Asia/Kolkata").waitFor();
    for (const day of ["Tuesday", "Thursday"]) {
      await page.getByRole("checkbox", { name: `${day} available` }).focus();
      await page.keyboard.press("Space");
      // Chromium's time field: hours, minutes, then AM/PM, typed in turn.
      await page.getByLabel(`${day} from`).focus();
      await page.keyboard.type("0600P");
      await page.getByLabel(`${day} until`).focus();
      await page.keyboard.type("0900P");
      expect(await page.getByLabel(`${day} from`).inputValue()).toBe("18:00");
      expect(await page.getByLabel(`${day} until`).inputValue()).toBe("21:00");
    }
    // The editor refuses what the server refuses before sending anything.
    await page.getByRole("button", { name: "Add a range on Tuesday" }).click();
    await page.getByLabel("Tuesday from, range 2").fill("20:00");
    await page.getByLabel("Tuesday until, range 2").fill("22:00");
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await page.getByRole("alert").filter({ hasText: "overlap" }).waitFor();
    await page.getByRole("button", { name: "Remove Tuesday 20:00–22:00" }).click();

    await page.getByRole("button", { name: "Save weekly hours" }).focus();
    await page.keyboard.press("Enter");
    await toasts(page, "Weekly hours saved")
      .filter({ hasText: /\d+ slots added, 0 removed/ })
      .waitFor();

    // Every generated slot is a Tuesday or Thursday at 18:00, 19:00 or 20:00 in Kolkata.
    const slots = await liveSlotsOf(mentor.id);
    expect(slots.length).toBeGreaterThanOrEqual(6);
    for (const s of slots) {
      expect(s.source).toBe("hours");
      expect([2, 4]).toContain(dayIn(s.startAt, MENTOR_ZONE).weekday);
      expect(["18:00", "19:00", "20:00"]).toContain(clockIn(s.startAt, MENTOR_ZONE));
    }

    // In the calendar, at the Kolkata times (the browser is in London), opened at the working hours.
    await openSection(page, "Calendar");
    const tuesday = nextWeekday(2);
    const column = await showDay(page, tuesday);
    const events = column.locator(".fc-event.slot-from-hours");
    await expect
      .poll(() => events.allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/^6:00\s*pm\s+Open/i),
        expect.stringMatching(/^7:00\s*pm\s+Open/i),
        expect.stringMatching(/^8:00\s*pm\s+Open/i),
      ]);
    // Scrolled to them: the evening is in view, the morning (the old 08:00 default) above it.
    const scroller = page.locator(".fc-timegrid-body").locator("xpath=ancestor::div[contains(@class,'fc-scroller')][1]");
    const laneAt = async (time: string) => (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox())!;
    // Polled: the calendar scrolls once it has laid out, which a busy machine may do a moment after the events show.
    const scrolledToEvening = async () => {
      const scrollerBox = (await scroller.boundingBox())!;
      const [evening, morning] = [await laneAt("18:00"), await laneAt("08:00")];
      return {
        eveningBelowTop: evening.y >= scrollerBox.y,
        eveningAboveBottom: evening.y + evening.height <= scrollerBox.y + scrollerBox.height,
        morningAbove: morning.y < scrollerBox.y,
      };
    };
    await expect.poll(scrolledToEvening).toEqual({ eveningBelowTop: true, eveningAboveBottom: true, morningAbove: true });

    // Booking rules: saved, and there after a reload.
    await openSection(page, "Booking rules");
    await page.getByLabel("Minimum notice").selectOption({ label: "2 hours" });
    await page.getByLabel("Buffer between sessions").selectOption({ label: "15 minutes" });
    await page.getByLabel("Daily limit").selectOption({ label: "3 sessions a day" });
    await page.getByRole("button", { name: "Save booking rules" }).click();
    await toasts(page, "Booking rules saved").waitFor();
    await page.reload();
    await openSection(page, "Booking rules");
    await expect.poll(() => page.getByLabel("Minimum notice").inputValue()).toBe("120");
    expect(await page.getByLabel("Buffer between sessions").inputValue()).toBe("15");
    expect(await page.getByLabel("Daily limit").inputValue()).toBe("3");
  });

  it("time off over a booked day lists the booking before cancelling it; the mentee is notified", async () => {
    const { mentor, mentee } = await people();
    const page = b.page;
    const mentorTokens = await signInInto(page, "mentor", mentor);
    const day = mentorDay(3);
    const api = trpc(mentorTokens.accessToken).scheduling;
    const [booked] = await api.publish.mutate({ slotDetails: { start: wallClock(day, "16:00", MENTOR_ZONE).toISOString() } });
    const [open] = await api.publish.mutate({ slotDetails: { start: wallClock(day, "12:00", MENTOR_ZONE).toISOString() } });
    const menteeApi = trpc(await accessTokenFor("mentee", mentee.id)).scheduling;
    await menteeApi.book.mutate({ slotId: booked.id });
    const before = (await notificationsOf(mentee.id)).length;

    await page.goto("/mentors/scheduler");
    await openSection(page, "Time off");
    await page.getByText("No time off planned.").waitFor();
    await page.getByLabel("First day").fill(day);
    await page.getByLabel("Last day").fill(day);
    await page.getByLabel("Note (optional)").fill("Conference");
    await page.getByRole("button", { name: "Add time off" }).click();

    const dialog = page.getByRole("dialog", { name: /^Take .* off\?$/ });
    await dialog
      .getByRole("listitem")
      .filter({ hasText: `${mentee.firstName} ${mentee.lastName}` })
      .filter({ hasText: "4:00 pm" })
      .waitFor();
    await dialog.getByText("1 open slot will be removed.").waitFor();
    // Asking the mentees to move comes first; here he cancels instead.
    expect(await dialog.getByLabel("Ask the mentees to move them").isChecked()).toBe(true);
    await dialog.getByLabel("Cancel them").check();
    // Keeping it changes nothing.
    await dialog.getByRole("button", { name: "Keep it" }).click();
    expect((await bookedBy(mentee.id)).length).toBe(1);

    await page.getByRole("button", { name: "Add time off" }).click();
    // A booking made after the preview (shown first, with its one booking): the server refuses, and the dialog shows
    // the fresh list and asks again.
    await dialog.getByText("1 open slot will be removed.").waitFor();
    await menteeApi.book.mutate({ slotId: open.id });
    await dialog.getByRole("button", { name: "Cancel 1 booking and add time off" }).click();
    await dialog.getByText("The bookings in this period changed since you looked.").waitFor();
    await dialog.getByRole("listitem").filter({ hasText: "12:00 pm" }).waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(2);
    await dialog.getByText("No open slots are removed.").waitFor();
    expect((await bookedBy(mentee.id)).length).toBe(2);
    await dialog.getByRole("button", { name: "Cancel 2 bookings and add time off" }).click();
    await toasts(page, "2 bookings cancelled").waitFor();
    await page.getByRole("list", { name: "Time off periods" }).getByText("Conference").waitFor();
    expect(await bookedBy(mentee.id)).toEqual([]);
    expect((await liveSlotsOf(mentor.id)).filter((s) => dayIn(s.startAt, MENTOR_ZONE).iso === day)).toEqual([]);
    await expect.poll(async () => (await notificationsOf(mentee.id)).length).toBeGreaterThan(before);
  });

  it("at 1280x800 a click on an empty cell asks first: Keep it publishes nothing, Publish publishes with the title shown on the event; the calendar comes before Add a slot, a chosen day's times come into view, and the slot's details leave it in view", async () => {
    const { mentor } = await people();
    const page = b.page;
    const [width, height] = [1280, 800];
    await page.setViewportSize({ width, height });
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler");
    const day = mentorDay(2);

    await clickCell(page, day, "10:00");
    const dialog = page.getByRole("dialog", { name: /^Publish a slot on .*10:00 am\?$/ });
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForTimeout(500);
    expect(await liveSlotsOf(mentor.id)).toEqual([]);

    await clickCell(page, day, "10:00");
    await dialog.getByLabel("Slot title (optional)").fill("Portfolio review");
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await toasts(page, "Slot allocated successfully").waitFor();
    const slots = await liveSlotsOf(mentor.id);
    expect(slots.map((s) => [s.startAt.toISOString(), s.title, s.source])).toEqual([
      [wallClock(day, "10:00", MENTOR_ZONE).toISOString(), "Portfolio review", "manual"],
    ]);
    const events = (await showDay(page, day)).locator(".fc-event");
    await expect
      .poll(() => events.allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^10:00\s*am\s+Open\s+Portfolio review$/i)]);

    // A computer: the calendar first, the form beside it on the right, and in reading (and Tab) order too.
    const calendar = page.getByTestId("slot-calendar");
    const form = page.getByRole("form", { name: "Add a slot" });
    const [calendarBox, formBox] = [(await calendar.boundingBox())!, (await form.boundingBox())!];
    expect(formBox.x).toBeGreaterThanOrEqual(calendarBox.x + calendarBox.width);
    expect(
      await calendar.evaluate(
        (el, f) => Boolean(el.compareDocumentPosition(f!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await form.elementHandle(),
      ),
    ).toBe(true);

    // Choosing the slot's day (its heading over its column) opens its times, in view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(`th.fc-col-header-cell[data-date="${day}"] a`).click();
    const event = await dayGridSlotInView(page, "Portfolio review", height);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    // Its details open beside it, on screen.
    await event.click();
    const details = page.getByRole("dialog", { name: "Slot details" });
    await details.getByText("Published by you").waitFor();
    await entranceOver(details);
    const [eventBox, detailsBox] = [(await event.boundingBox())!, (await details.boundingBox())!];
    expect(detailsBox.y + detailsBox.height).toBeLessThanOrEqual(height + 1);
    expect(detailsBox.x >= eventBox.x + eventBox.width - 1 || detailsBox.x + detailsBox.width <= eventBox.x + 1).toBe(true);
  });

  it("deleting a booked slot asks for a reason the mentee reads; asking to reschedule marks the slot; details open beside the slot", async () => {
    const { mentor, mentee } = await people();
    const page = b.page;
    const mentorTokens = await signInInto(page, "mentor", mentor);
    const day = mentorDay(3);
    const api = trpc(mentorTokens.accessToken).scheduling;
    const [first] = await api.publish.mutate({ slotDetails: { start: wallClock(day, "11:00", MENTOR_ZONE).toISOString() } });
    const [second] = await api.publish.mutate({ slotDetails: { start: wallClock(day, "15:00", MENTOR_ZONE).toISOString() } });
    const menteeApi = trpc(await accessTokenFor("mentee", mentee.id)).scheduling;
    await menteeApi.book.mutate({ slotId: first.id });
    await menteeApi.book.mutate({ slotId: second.id });

    await page.goto("/mentors/scheduler");
    const column = await showDay(page, day);
    const name = `Booked: ${mentee.firstName} ${mentee.lastName}`;
    const firstEvent = column
      .locator(".fc-event")
      .filter({ hasText: /11:00\s*am/ })
      .filter({ hasText: name });
    await firstEvent.click();
    const details = page.getByRole("dialog", { name: "Slot details" });
    await details.getByText("Published by you").waitFor();
    // Beside the slot, not below the fold: on screen, left or right of the event.
    await entranceOver(details);
    // The dialog grows when the booking's history arrives and is placed again in the next frame: on screen once placed.
    await expect
      .poll(async () => {
        const box = (await details.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= page.viewportSize()!.height ? "on screen" : box;
      })
      .toBe("on screen");
    const [eventBox, detailsBox] = [(await firstEvent.boundingBox())!, (await details.boundingBox())!];
    expect(detailsBox.x >= eventBox.x + eventBox.width - 1 || detailsBox.x + detailsBox.width <= eventBox.x + 1).toBe(true);

    await details.getByRole("button", { name: "Delete and cancel booking" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this slot and cancel the booking?" });
    await confirm.getByLabel("Reason (optional, the mentee sees it)").fill("I have to travel that day");
    await confirm.getByRole("button", { name: "Delete and cancel booking" }).click();
    await toasts(page, "Slot Deleted").waitFor();
    await expect
      .poll(async () => (await notificationsOf(mentee.id)).map((n) => n.content).join("\n"))
      .toContain("I have to travel that day");
    expect((await bookedBy(mentee.id)).map((s) => s.id)).toEqual([second.id]);

    const secondEvent = column.locator(".fc-event").filter({ hasText: /3:00\s*pm/ });
    await secondEvent.focus();
    await page.keyboard.press("Enter");
    await details.getByRole("button", { name: "Ask to reschedule" }).click();
    const ask = page.getByRole("dialog", { name: "Ask to reschedule" });
    await ask.getByRole("button", { name: "Send request" }).click();
    await ask.getByRole("alert").filter({ hasText: "Write a short message" }).waitFor();
    await ask.getByLabel(`Message to ${mentee.firstName} ${mentee.lastName}`).fill("Could we move this to the evening?");
    await ask.getByRole("button", { name: "Send request" }).click();
    await toasts(page, "Reschedule requested").waitFor();
    await details
      .locator("p")
      .filter({ hasText: "Reschedule requested." })
      .filter({ hasText: "Could we move this to the evening?" })
      .waitFor();
    await details.getByRole("region", { name: "Booking history" }).getByText("You asked to reschedule").waitFor();
    await page.keyboard.press("Escape");
    await secondEvent.filter({ hasText: "Reschedule requested" }).waitFor();
    // Its accessible name says so too.
    await column.getByRole("button", { name: /3:00 pm: Booked: .*, Reschedule requested\. Open details$/ }).waitFor();
  });

  it("on a 360x740 phone the calendar comes before Add a slot; a chosen day's times come into view with the details a sheet below the slot; the week's list opens a slot with Enter and keeps the focus on it; every section fits without horizontal scroll", async () => {
    const { mentor, mentee } = await people();
    const [width, height] = [360, 740];
    const page = await (await b.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true })).newPage();
    const tokens = await signInInto(page, "mentor", mentor);
    // Two days ahead: tomorrow at 10 am in Kolkata is under the default 12 hours' notice after 10 pm there.
    const day = mentorDay(2);
    const title = "A rather long title for a narrow phone screen";
    const [published] = await trpc(tokens.accessToken).scheduling.publish.mutate({
      slotDetails: { start: wallClock(day, "10:00", MENTOR_ZONE).toISOString(), title },
    });
    const shifts = await watchLayoutShifts(page);
    await page.goto("/mentors/scheduler");
    const calendar = page.getByTestId("slot-calendar");
    const form = page.getByRole("form", { name: "Add a slot" });
    await calendar.locator(".fc-view").waitFor();
    // Its events drawn (the grid leaves its "filling" state).
    await expect.poll(() => calendar.locator(".slot-calendar-filling").count()).toBe(0);
    // Loading, then drawn with the week's slots, the calendar keeps its height: the form below it does not move.
    expect(await shifts()).toBeLessThan(0.05);
    // A phone: the calendar above the form, and before it in reading (and Tab) order.
    const [calendarBox, formBox] = [(await calendar.boundingBox())!, (await form.boundingBox())!];
    expect(calendarBox.y + calendarBox.height).toBeLessThanOrEqual(formBox.y);
    expect(
      await calendar.evaluate(
        (el, f) => Boolean(el.compareDocumentPosition(f!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await form.elementHandle(),
      ),
    ).toBe(true);

    // A phone opens on the week as a list; choosing the slot's day (its heading) opens its times, in view.
    const heading = (await showListDay(page, day)).getByRole("link").first();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await heading.click();
    const event = await dayGridSlotInView(page, title, height);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    // Its details: a sheet along the bottom; the slot stays in view above it, not covered.
    await event.click();
    const details = page.getByRole("dialog", { name: "Slot details" });
    await details.getByText("Published by you").waitFor();
    await entranceOver(details);
    const [eventBox, sheetBox] = [(await event.boundingBox())!, (await details.boundingBox())!];
    expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(height + 1);
    expect(sheetBox.width).toBeGreaterThanOrEqual(width - 1);
    expect(Math.round(sheetBox.y + sheetBox.height)).toBe(height);
    expect(sheetBox.height).toBeLessThanOrEqual(height * 0.55 + 1);
    expect(eventBox.y).toBeGreaterThanOrEqual(0);
    expect(eventBox.y + 16).toBeLessThanOrEqual(sheetBox.y);
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });

    // Back to the list: the slot is a button named in full, opened with Enter.
    await page.getByRole("button", { name: "List", exact: true }).click();
    await showListDay(page, day);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    const slot = page.getByRole("button", { name: /10:00 am: Open, A rather long title for a narrow phone screen\. Open details$/ });
    await slot.focus();
    await page.keyboard.press("Enter");
    const box = (await details.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    // The dialog gives the focus back as it unmounts, which can come just after it is hidden.
    await expect.poll(() => slot.evaluate((el) => el === document.activeElement), { message: "focus back on the slot" }).toBe(true);
    // Booked meanwhile: the push redraws the list, and the focus stays on that slot, now named booked.
    await trpc(await accessTokenFor("mentee", mentee.id)).scheduling.book.mutate({ slotId: published.id });
    const booked = page.getByRole("button", {
      name: /10:00 am: Booked: Maya .*, A rather long title for a narrow phone screen\. Open details$/,
    });
    await booked.waitFor();
    await expect
      .poll(() => booked.evaluate((el) => el === document.activeElement), { message: "focus kept on the booked slot" })
      .toBe(true);
    // The day's grid is one button away, and stays chosen when only the height changes (a phone's toolbar hiding).
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.locator(".fc-timeGridDay-view").waitFor();
    await page.setViewportSize({ width, height: 640 });
    await page.waitForTimeout(300);
    expect(await page.locator(".fc-timeGridDay-view").count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await (await showDay(page, day)).locator(".fc-event").first().click();
    await details.waitFor();
    await page.keyboard.press("Escape");
    for (const [section, ready] of [
      ["Weekly hours", "Save weekly hours"],
      ["Time off", "Add time off"],
      ["Booking rules", "Save booking rules"],
    ] as const) {
      await openSection(page, section);
      await page.getByRole("button", { name: ready }).waitFor();
      if (section === "Weekly hours") await page.getByRole("checkbox", { name: "Monday available" }).check();
      expect(await pageWidth(page), section).toBeLessThanOrEqual(width);
    }
  });
});

describe("the scheduler on a tablet", () => {
  it("at 768x1024 a slot's details are a sheet along the bottom: the three days and the slot stay in view above it", async () => {
    const { mentor } = await people();
    const [width, height] = [768, 1024];
    const page = await (await b.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true })).newPage();
    const tokens = await signInInto(page, "mentor", mentor);
    const day = mentorDay(1);
    await trpc(tokens.accessToken).scheduling.publish.mutate({
      slotDetails: { start: wallClock(day, "17:00", MENTOR_ZONE).toISOString(), title: "Tablet review" },
    });
    await page.goto("/mentors/scheduler");
    // A tablet opens on three days of the grid.
    await page.locator(".fc-timeGridThreeDay-view").waitFor();
    const event = page.locator(".fc-timeGridThreeDay-view .fc-event").filter({ hasText: "Tablet review" });
    await event.waitFor();
    await event.click();
    const details = page.getByRole("dialog", { name: "Slot details" });
    await details.getByText("Published by you").waitFor();
    const sheet = (await details.boundingBox())!;
    expect(sheet.width).toBeGreaterThanOrEqual(width - 1);
    expect(Math.round(sheet.y + sheet.height)).toBe(height);
    expect(sheet.height).toBeLessThanOrEqual(height * 0.55 + 1);
    // Nothing of the calendar's days is covered: the three headings and the slot are above the sheet, on screen.
    const headings = page.locator(".fc-timeGridThreeDay-view th.fc-col-header-cell");
    expect(await headings.count()).toBe(3);
    for (const heading of await headings.all()) {
      const box = (await heading.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(sheet.y);
    }
    const slot = (await event.boundingBox())!;
    expect(slot.y).toBeGreaterThanOrEqual(0);
    expect(slot.y + 16).toBeLessThanOrEqual(sheet.y);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: "/tmp/walk/tablet-scheduler-sheet.png" }).catch(() => undefined);
  });
});
