import type { Locator, Page } from "playwright-core";

/**
 * The mentee's booking steps in the browser (ADR 0023): a day on the month calendar (paging forward
 * until its month shows), then a time. `date` is the day as the app names it ("March 9th 2027"),
 * `time` as "7:30 pm", both in her zone.
 */
/** A day cell names its date with the plain number ("March 9 2027"), as it shows it. */
export const dayCellDate = (date: string) => date.replace(/(\d+)(st|nd|rd|th)\b/, "$1");

export async function pickDay(scope: Page | Locator, date: string): Promise<void> {
  const grid = scope.getByRole("grid");
  await grid.waitFor();
  const day = grid.getByRole("button", { name: new RegExp(`, ${dayCellDate(date)}(?: \\(today\\))?, \\d+ open times?$`) });
  for (let i = 0; i < 4 && (await day.count()) === 0; i++) await scope.getByRole("button", { name: "Next month" }).click();
  await day.click();
}

export async function pickTime(scope: Page | Locator, date: string, time: string): Promise<void> {
  await scope.getByRole("button", { name: new RegExp(`^Choose ${date} ${time}`) }).click();
}

/** Whether the page scrolls sideways (a 360 px screen must not). */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Date and time of an instant in a zone, formatted independently of the app (SPEC §9: 'MMMM Do YYYY', 'h:mm a'). */
export function inZone(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const day = Number(parts.day);
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  return {
    date: `${parts.month} ${day}${suffix} ${parts.year}`,
    time: `${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`,
    iso,
  };
}

/** The UTC instant of a wall-clock time in a zone without DST (Kolkata): one probe is exact. */
export function fixedZoneWallClock(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const local = new Date(`${guess.toLocaleString("en-US", { timeZone })} UTC`);
  return new Date(guess.getTime() - (local.getTime() - guess.getTime()));
}
