import { and, eq, ne } from "drizzle-orm";
import type { Page } from "playwright-core";
import { notifications, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "./accounts";
import { enroll } from "./find-mentor";

/** Helpers of the mentor's scheduler e2e (ADR 0023): zoned wall clocks, the calendar's columns and cells, the page's sections. */

export const MENTOR_ZONE = "Asia/Kolkata";
export const MENTEE_ZONE = "America/New_York";
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** "YYYY-MM-DD" and the weekday (0 = Sunday) of an instant in a zone, formatted independently of the app. */
export function dayIn(instant: Date, timeZone: string) {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  return { iso, weekday: new Date(`${iso}T12:00:00Z`).getUTCDay() };
}

/** "HH:mm" (24 h) of an instant in a zone. */
export const clockIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);

/** The UTC instant of a wall-clock time in a zone without DST changes near it (Kolkata has none). */
export function wallClock(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(guess)
      .map((x) => [x.type, x.value]),
  );
  const offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - guess.getTime();
  return new Date(guess.getTime() - offset);
}

/** A Kolkata calendar day `days` from today. */
export const mentorDay = (days: number) => dayIn(new Date(Date.now() + days * DAY), MENTOR_ZONE).iso;

/** The first Kolkata day at least `minDays` ahead that falls on `weekday` (0 = Sunday). */
export function nextWeekday(weekday: number, minDays = 2): string {
  for (let d = minDays; d < minDays + 7; d++) {
    const day = dayIn(new Date(Date.now() + d * DAY), MENTOR_ZONE);
    if (day.weekday === weekday) return day.iso;
  }
  throw new Error("unreachable");
}

export async function people() {
  const mentor = await createMentor({ firstName: "Kiran", lastName: `Desai${crypto.randomUUID().slice(0, 4)}`, timeZone: MENTOR_ZONE });
  const mentee = await createMentee({ firstName: "Maya", lastName: `Brooks${crypto.randomUUID().slice(0, 4)}`, timeZone: MENTEE_ZONE });
  await enroll(mentee.id, mentor.id, "active");
  return { mentor, mentee };
}

/** Opens one of the scheduler's sections (Calendar, Weekly hours, Time off, Booking rules, My calendars). */
export async function openSection(page: Page, name: string) {
  // Exact: "Calendar" is also a word of "My calendars".
  await page.getByRole("tab", { name, exact: true }).click();
  await page.getByRole("tab", { name, exact: true, selected: true }).waitFor();
}

/** Moves the calendar, once `view` is drawn, forward (at most `pages` times) until `target` is shown. */
async function forwardUntil(page: Page, view: string, target: string, pages: number) {
  await page.locator(view).waitFor();
  const shown = page.locator(target);
  for (let i = 0; i < pages && (await shown.count()) === 0; i++) await page.locator(".fc-next-button").click();
  await shown.waitFor();
  return shown;
}

/** Moves the calendar's grid forward until the day's column is shown. */
export const showDay = (page: Page, date: string) => forwardUntil(page, ".fc-timegrid", `td.fc-timegrid-col[data-date="${date}"]`, 6);

/** Moves the list (a phone's first view: the week as a list) forward until the day's heading is shown. */
export const showListDay = (page: Page, date: string) => forwardUntil(page, ".fc-listWeek-view", `tr.fc-list-day[data-date="${date}"]`, 3);

/** Clicks the empty cell of a day's column at a time ("HH:mm"). */
export async function clickCell(page: Page, date: string, time: string) {
  const column = await showDay(page, date);
  const lane = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.scrollIntoViewIfNeeded();
  const rowBox = (await lane.boundingBox())!;
  const colBox = (await column.boundingBox())!;
  await page.mouse.click(colBox.x + colBox.width / 2, rowBox.y + rowBox.height / 2);
}

export const liveSlotsOf = (mentorId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.mentorId, mentorId), ne(timeSlots.state, "deleted")));
export const bookedBy = (menteeId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked")));
export const notificationsOf = (menteeId: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientRole, "mentee"), eq(notifications.recipientId, menteeId)));

/** The page is no wider than its viewport (no horizontal scroll). */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
