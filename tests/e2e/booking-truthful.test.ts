import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { mentees, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { fixedZoneWallClock, inZone, pickDay, pickTime, scrollWidth } from "../support/booking";
import { toasts, useBrowser } from "../support/browser";
import { enroll, signInInto } from "../support/find-mentor";
import { showDay } from "../support/scheduler-page";

/**
 * The booking screens tell the truth (Chromium, accounts of their own): her account is in New York while her device is
 * in Kolkata, so a notice says so and saves the device's zone; "You're booked" adds Google and Outlook links, says when
 * Join opens by the live room's rule, reschedules and cancels; a cancelled session stays on her booked slots with the
 * mentor's reason; the waitlist is offered only where it helps; the mentor's request to move reaches her home. 1280x800
 * and 360x740: what the screens do does not depend on the width (they are one column or two of the same parts), so
 * each journey is driven once, one at 360 and one at 1280 px, and its screens are measured at the other width where
 * they stand. Tests start signed in through a seeded session (no sign-in page, no password hash).
 */
const MENTOR_ZONE = "Asia/Kolkata";
const ACCOUNT_ZONE = "America/New_York";
const DEVICE_ZONE = "Asia/Kolkata";
const DAY = 24 * 60 * 60 * 1000;

const b = useBrowser({ timezoneId: DEVICE_ZONE, viewport: { width: 1280, height: 800 } });

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** Nothing on the page as it stands is wider than the screen, at the other width and then back at `drivenAt`. */
async function noSidewaysScrollAtBoth(page: Page, drivenAt: typeof WIDE) {
  for (const size of [drivenAt === WIDE ? PHONE : WIDE, drivenAt]) {
    await page.setViewportSize(size);
    expect(await scrollWidth(page), `at ${size.width} px`).toBeLessThanOrEqual(size.width);
  }
}

const mentorDay = (days: number) => inZone(new Date(Date.now() + days * DAY), MENTOR_ZONE).iso;
const at = (days: number, time: string) => fixedZoneWallClock(mentorDay(days), time, MENTOR_ZONE);

async function people() {
  const tag = crypto.randomUUID().slice(0, 4);
  const mentor = await createMentor({ firstName: "Ira", lastName: `Sen${tag}`, timeZone: MENTOR_ZONE });
  const mentee = await createMentee({ firstName: "Tia", lastName: `Gray${tag}`, timeZone: ACCOUNT_ZONE });
  await enroll(mentee.id, mentor.id, "active");
  const [mentorToken, menteeToken] = await Promise.all([accessTokenFor("mentor", mentor.id), accessTokenFor("mentee", mentee.id)]);
  const publish = async (start: Date) =>
    (await trpc(mentorToken).scheduling.publish.mutate({ slotDetails: { start: start.toISOString() } }))[0].id;
  return { mentor, mentee, mentorToken, menteeToken, publish };
}

describe("booking screens", () => {
  it("at 360 px (and its screens at 1280): 'You're booked': Google and Outlook links with the live room, Join by the room's rule, Reschedule follows the booking, Cancel keeps a trace", async () => {
    const { mentor, mentee, menteeToken, publish } = await people();
    const from = at(2, "19:30");
    const to = at(3, "18:30");
    const fromId = await publish(from);
    const toId = await publish(to);
    await trpc(menteeToken).scheduling.book.mutate({ slotId: fromId, agenda: "Mock interview" });
    // Her device's zone is her account's here: this test is about the confirmation.
    await testDb().update(mentees).set({ timeZone: DEVICE_ZONE }).where(eq(mentees.id, mentee.id));
    const page = b.page;
    const viewport = PHONE;
    await page.setViewportSize(viewport);
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/booking-confirmed/${fromId}`);
    await page.getByRole("heading", { name: "You're booked" }).waitFor();
    await page.getByText("Join opens 10 minutes before the start").waitFor();

    const google = new URL((await page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href"))!);
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("text")).toBe(`Mentorship session with ${mentor.firstName} ${mentor.lastName}`);
    expect(google.searchParams.get("location")).toMatch(new RegExp(`/mentees/connect/live/${fromId}$`));
    const stamp = from
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(google.searchParams.get("dates")).toMatch(new RegExp(`^${stamp}/`));
    const outlook = new URL((await page.getByRole("link", { name: "Outlook" }).getAttribute("href"))!);
    expect(outlook.hostname).toBe("outlook.live.com");
    expect(outlook.searchParams.get("startdt")).toBe(from.toISOString());
    await page.getByRole("button", { name: "Add to calendar (.ics)" }).waitFor();
    await noSidewaysScrollAtBoth(page, viewport);

    // Reschedule from the confirmation: the page follows the booking to its new time.
    await page.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Pick a new time" });
    const seenTo = inZone(to, DEVICE_ZONE);
    await pickDay(dialog, seenTo.date);
    await pickTime(dialog, seenTo.date, seenTo.time);
    await noSidewaysScrollAtBoth(page, viewport);
    // Whatever the page shows on its way to the new time, it never says the booking is gone.
    await page.evaluate(() => {
      const seen = window as unknown as { sawNotFound?: boolean };
      new MutationObserver(() => {
        if (document.querySelector("main")?.textContent?.includes("Booking not found")) seen.sawNotFound = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await dialog.getByRole("button", { name: "Move my session" }).click();
    await page.waitForURL(`**/mentees/booking-confirmed/${toId}`);
    await expect.poll(() => page.locator("main").innerText()).toContain(`${seenTo.date}, ${seenTo.time}`);
    expect(await page.evaluate(() => (window as unknown as { sawNotFound?: boolean }).sawNotFound ?? false)).toBe(false);
    // At 360 px the toast stands over the page's buttons, as on her phone: she closes it and goes on.
    const moved = toasts(page, "Session moved");
    await moved.getByRole("button", { name: "Close toast" }).click();
    await moved.waitFor({ state: "detached" });

    // Cancel from the confirmation: her booked slots keep it under "Cancelled", with her reason.
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel this session?" });
    await ask.getByLabel(/Your mentor will see this/).fill("Found a clash");
    await ask.getByRole("button", { name: "Cancel booking" }).click();
    await toasts(page, "Booking cancelled").waitFor();
    await page.waitForURL("**/mentees/booked-slots");
    const cancelled = page.getByRole("region", { name: "Cancelled sessions" });
    await cancelled.getByText("Cancelled by you").waitFor();
    expect(await cancelled.innerText()).toContain("Found a clash");
    expect(await cancelled.innerText()).toContain(`Session with ${mentor.firstName} ${mentor.lastName}, ${seenTo.date}`);
    expect((await testDb().select().from(timeSlots).where(eq(timeSlots.id, toId)))[0]!.state).toBe("open");
    await noSidewaysScrollAtBoth(page, viewport);
  });

  it("at 1280 px (and its bar at 360): her account's zone differs from her device's: a notice says so and 'Use' saves it; the picker shows times in another zone", async () => {
    const { mentee, menteeToken, publish } = await people();
    const start = at(2, "19:30");
    const slotId = await publish(start);
    await trpc(menteeToken).scheduling.book.mutate({ slotId });
    const page = b.page;
    await page.setViewportSize(WIDE);
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/booked-slots");
    const card = page.getByRole("region", { name: "Upcoming sessions" });
    const inAccount = inZone(start, ACCOUNT_ZONE);
    await expect.poll(() => card.innerText()).toContain(`${inAccount.date}, ${inAccount.time}`);
    const notice = page.getByTestId("zone-check");
    await expect.poll(() => notice.innerText()).toBe(`Times are shown in ${ACCOUNT_ZONE}; your device is in ${DEVICE_ZONE}.`);
    // It appears once the app knows the device's zone, as a bar at the bottom of the screen: the page under the header
    // did not move for it, and scrolled to its end, the page's last line is not under the bar. At both widths (the bar
    // and the page are taller on a phone), ending at 1280 px.
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await scrollWidth(page), `at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      const header = (await page.locator("header").first().boundingBox())!;
      expect((await page.locator("main").boundingBox())!.y).toBe(header.y + header.height);
      const bar = (await page.getByRole("region", { name: "Time zone" }).boundingBox())!;
      expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(async () => (await page.locator("main").boundingBox())!.y + (await page.locator("main").boundingBox())!.height)
        .toBeLessThanOrEqual(bar.y);
    }

    // The picker shows every time on the page in the zone chosen, without saving it.
    const picker = page.getByLabel("Times shown in");
    await picker.selectOption("Europe/London");
    const inLondon = inZone(start, "Europe/London");
    await expect.poll(() => card.innerText()).toContain(`${inLondon.date}, ${inLondon.time}`);
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0]!.timeZone).toBe(ACCOUNT_ZONE);
    // The notice names the zone the page shows, and goes while that is the device's own.
    await expect.poll(() => notice.innerText()).toBe(`Times are shown in Europe/London; your device is in ${DEVICE_ZONE}.`);
    await picker.selectOption(DEVICE_ZONE);
    await notice.waitFor({ state: "detached" });
    await picker.selectOption(ACCOUNT_ZONE);
    await expect.poll(() => notice.innerText()).toBe(`Times are shown in ${ACCOUNT_ZONE}; your device is in ${DEVICE_ZONE}.`);

    // "Use Asia/Kolkata" saves the device's zone: the notice goes, times follow.
    await page.getByRole("button", { name: `Use ${DEVICE_ZONE}` }).click();
    await toasts(page, "Time zone saved").waitFor();
    await notice.waitFor({ state: "detached" });
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0]!.timeZone).toBe(DEVICE_ZONE);
    const inDevice = inZone(start, DEVICE_ZONE);
    await expect.poll(() => card.innerText()).toContain(`${inDevice.date}, ${inDevice.time}`);
  });
});

describe("what she is offered", () => {
  it("'Keep' puts the zone notice away for this pair of zones; the waitlist is not offered while open times show", async () => {
    const { mentor, mentee, publish } = await people();
    await publish(at(2, "19:30"));
    const page = b.page;
    await page.setViewportSize(WIDE);
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/schedules?mentorId=${mentor.id}`);
    await page.getByTestId("calls-left").waitFor();
    await page.getByTestId("zone-check").waitFor();
    await page.getByRole("button", { name: "Keep" }).click();
    await page.getByTestId("zone-check").waitFor({ state: "detached" });
    expect(await page.getByRole("switch", { name: /Tell me/ }).count()).toBe(0);
    await page.reload();
    await page.getByTestId("calls-left").waitFor();
    expect(await page.getByTestId("zone-check").count()).toBe(0);
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0]!.timeZone).toBe(ACCOUNT_ZONE);
  });

  it("the mentor asks to move a session from his scheduler; she sees it on her home and in her bell, and picks a new time", async () => {
    const { mentor, mentee, menteeToken, publish } = await people();
    const slotId = await publish(at(2, "19:30"));
    await publish(at(3, "18:00"));
    await trpc(menteeToken).scheduling.book.mutate({ slotId });
    const menteePage = b.page;
    await menteePage.setViewportSize({ width: 360, height: 740 });
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto("/mentees");
    await menteePage.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor();

    // The mentor, in his own browser, asks from his scheduler's slot details.
    const mentorContext = await b.newContext({ timezoneId: MENTOR_ZONE, viewport: { width: 1280, height: 800 } });
    const mentorPage = await mentorContext.newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors/scheduler");
    const column = await showDay(mentorPage, mentorDay(2));
    await column
      .locator(".fc-event")
      .filter({ hasText: /7:30\s*pm/ })
      .click();
    await mentorPage.getByRole("dialog", { name: "Slot details" }).getByRole("button", { name: "Ask to reschedule" }).click();
    const askDialog = mentorPage.getByRole("dialog", { name: "Ask to reschedule" });
    await askDialog.getByLabel(`Message to ${mentee.firstName} ${mentee.lastName}`).fill("I'm at a workshop");
    await askDialog.getByRole("button", { name: "Send request" }).click();
    await toasts(mentorPage, "Reschedule requested").waitFor();

    // Her open home hears of it (the push), without a reload.
    const requests = menteePage.getByRole("region", { name: "Sessions to move" });
    await requests.getByText(`${mentor.firstName} ${mentor.lastName} asked you to move your session on`).waitFor({ timeout: 15_000 });
    expect(await requests.innerText()).toContain("I'm at a workshop");
    expect(await scrollWidth(menteePage)).toBeLessThanOrEqual(360);
    await menteePage.getByRole("button", { name: /^Notifications/ }).click();
    await menteePage
      .getByRole("menu", { name: "Notifications" })
      .getByText(/I'm at a workshop/)
      .waitFor();
    await menteePage.keyboard.press("Escape");
    await requests.getByRole("link", { name: "Pick a new time" }).click();
    await menteePage.waitForURL("**/mentees/booked-slots");
    await menteePage.getByRole("region", { name: "Upcoming sessions" }).getByRole("button", { name: "Pick a new time" }).waitFor();
    await mentorContext.close();
  });
});
