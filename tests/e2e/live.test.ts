import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { createMentee, testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { bookedPair, enterLive, expectPlaying, FAKE_MEDIA_ARGS, joinNow } from "../support/live";
import { dayIn, MENTOR_ZONE, showDay } from "../support/scheduler-page";

/**
 * Live sessions in Chromium with fake camera and microphone (ADR 0015): the mentor and the mentee of
 * a booked slot open their live pages in two contexts and each sees the other's video play; a reload
 * brings the call back; a third account is refused; a page opened early counts down and lets them in
 * when the room opens (10 minutes before the start, for the mentor too: ADR 0026). During a call the
 * call has the whole window: checked on the mentee's 1280x800 screen in the first journey and on a
 * 360x740 phone, which has its own controls (no Share screen, touch-sized buttons).
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, FAKE_MEDIA_ARGS);

const MINUTE = 60 * 1000;

/**
 * During a call on a `width`x`height` screen: no app header, navigation or search, nothing scrolls, every control
 * on screen (44 px high on a phone), the other person's video takes the room that is left, Share screen only off a
 * phone, and the devices panel opens above the bar. Call it while the controls read "Mute" and "Turn camera off".
 */
async function expectCallFillsWindow(
  page: Page,
  other: string,
  nav: ReturnType<Page["getByRole"]>,
  width: number,
  height: number,
  phone: boolean,
) {
  await expect.poll(() => nav.isVisible()).toBe(false);
  expect(await page.getByRole("searchbox").count()).toBe(0);
  expect(
    await page.evaluate(() => ({
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      down: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    })),
  ).toEqual({ sideways: 0, down: 0 });
  const inside = async (name: string) => {
    const box = await page.getByRole("button", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    return box!.x >= 0 && box!.y >= 0 && box!.x + box!.width <= width && box!.y + box!.height <= height;
  };
  for (const name of ["Leave", "Mute", "Turn camera off", "Chat", "Devices"]) expect(await inside(name), name).toBe(true);
  // Touch targets: every control is at least 44 px high on a phone.
  if (phone)
    for (const name of ["Leave", "Mute", "Chat"])
      expect((await page.getByRole("button", { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The other person's video takes the room that is left.
  const video = (await page.getByLabel(`${other}'s video`).boundingBox())!;
  expect(video.height).toBeGreaterThan(height * (phone ? 0.3 : 0.5));

  // A phone cannot share its screen: no button offers it. A computer can.
  expect(await page.getByRole("button", { name: "Share screen" }).count()).toBe(phone ? 0 : 1);

  // The devices panel opens above the bar; the bar stays on screen.
  await page.getByRole("button", { name: "Devices" }).click();
  await page.getByLabel("Microphone", { exact: true }).waitFor();
  expect(await inside("Leave")).toBe(true);
  await page.getByRole("button", { name: "Devices" }).click();
}

describe("live sessions", () => {
  it("the mentor and the mentee see each other; a reload brings the call back; at 1280x800 the call has the whole window; leaving shows the summary and the app's header again", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-MINUTE);
    const mentorPage = b.page;
    await enterLive(mentorPage, "mentor", mentor, slotId);
    await mentorPage.getByRole("heading", { name: `Live session with ${mentee.firstName} ${mentee.lastName}` }).waitFor();
    await mentorPage.getByText(`Waiting for ${mentee.firstName} to join`).waitFor({ timeout: 20_000 });
    // The time in and the time left (not a countdown of the whole hour), and for a screen reader in words.
    await mentorPage.getByText(/^\d+:\d\d in · \d+:\d\d left$/).waitFor();
    await mentorPage.getByText(/^\d+ minutes? in, \d+ minutes? left$/).waitFor({ state: "attached" });

    const menteePage = await (
      await b.newContext({ permissions: ["camera", "microphone"], viewport: { width: 1280, height: 800 } })
    ).newPage();
    await enterLive(menteePage, "mentee", mentee, slotId);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    expect(await mentorPage.getByText(`Waiting for ${mentee.firstName} to join`).count()).toBe(0);

    // The mentee reloads: back on the pre-join check, she joins again and the call comes back on both sides.
    await menteePage.reload();
    // Back before joining, the page says the session has started (a minute ago), its zone named once.
    await menteePage.getByText(/^The session started .+ at .+, [^()]+ \(GMT[^()]*\)\.$/).waitFor();
    // Before the call, the app's header and navigation are there.
    const nav = menteePage.getByRole("navigation", { name: "Mentee navigation" });
    await nav.waitFor();
    await joinNow(menteePage);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    await expectCallFillsWindow(menteePage, mentor.firstName, nav, 1280, 800, false);

    // Toggles say what they do.
    await menteePage.getByRole("button", { name: "Mute" }).click();
    expect(await menteePage.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");

    // The mentor leaves: he sees the summary, she is told he left.
    await mentorPage.getByRole("button", { name: "Leave" }).click();
    await mentorPage.getByRole("heading", { name: "You left the session" }).waitFor();
    await menteePage.getByText(`${mentor.firstName} left. Waiting for ${mentor.firstName} to come back`).waitFor({ timeout: 10_000 });

    // She leaves too: her summary says how long they talked and asks her to rate him.
    await menteePage.getByRole("button", { name: "Leave" }).click();
    await menteePage.getByRole("heading", { name: "You left the session" }).waitFor();
    expect(await menteePage.getByRole("status").filter({ hasText: "You were in the session with" }).innerText()).toMatch(
      /for \d+ minutes?\./,
    );
    await menteePage.getByRole("form", { name: "Your review" }).waitFor();
    expect(await menteePage.getByRole("button", { name: "Rejoin the session" }).count()).toBe(1);
    // Leave was the way out: the app's header is back.
    await nav.waitFor();
  });

  it("a refused camera says why and offers to join without devices; the call still works one way", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-5 * MINUTE);
    const menteePage = b.page;
    // This browser refuses the camera and microphone as a person clicking "Block" would.
    await menteePage.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto(`/mentees/connect/live/${slotId}`);
    const alert = menteePage.getByRole("alert").filter({ hasText: "Your browser was not allowed to use your camera or microphone." });
    await alert.waitFor();
    await menteePage.getByRole("button", { name: "Join with audio only" }).click();
    await alert.waitFor();
    await menteePage.getByRole("button", { name: "Join without camera or microphone" }).click();
    await menteePage.getByText(`Waiting for ${mentor.firstName} to join`).waitFor({ timeout: 20_000 });
    expect(await menteePage.getByRole("button", { name: "Turn camera on" }).getAttribute("aria-pressed")).toBe("true");

    const mentorPage = await (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
    await enterLive(mentorPage, "mentor", mentor, slotId);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await mentorPage
      .getByRole("status")
      .filter({ hasText: `Connected to ${mentee.firstName}` })
      .waitFor({ timeout: 20_000 });
    // A narrow phone: the call fits without scrolling sideways.
    await menteePage.setViewportSize({ width: 360, height: 740 });
    expect(await menteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await menteePage.getByRole("button", { name: "Leave" }).isVisible()).toBe(true);
  });

  it("a third account is refused; a page opened early says when it starts and lets the mentor join when the room opens", async () => {
    // In real time the room opened five minutes ago, so the server lets him in whenever his join arrives. His page is
    // shown the session early instead: its requests happen 10 minutes 30 seconds before the start (the x-mentorlink-now
    // clock, which the page takes as the server's time), and the page's own clock is Playwright's, moved on past the
    // opening rather than waited for. Nothing here depends on how fast the machine gets through the sign-ins.
    const { mentor, slotId, start } = await bookedPair(5 * MINUTE);
    const stranger = await createMentee({ firstName: "Nosy", lastName: "Neighbour" });
    const page = b.page;
    await signInInto(page, "mentee", stranger);
    await page.goto(`/mentees/connect/live/${slotId}`);
    await page.getByRole("alert").filter({ hasText: "This session is not yours: only its mentor and its mentee can join it." }).waitFor();

    const early = new Date(start.getTime() - 10 * MINUTE - 30_000).toISOString();
    const mentorContext = await b.newContext({ permissions: ["camera", "microphone"], extraHTTPHeaders: { "x-mentorlink-now": early } });
    const mentorPage = await mentorContext.newPage();
    await mentorPage.clock.install();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto(`/mentors/connect/live/${slotId}`);
    await mentorPage.getByText(/^The room opens at .*, 10 minutes before the start\. Keep this page open\.$/).waitFor();
    expect(await mentorPage.getByText(/^The session starts .+ at .+, [^()]+ \(GMT[^()]*\)\.$/).count()).toBe(1);
    // "Starts in …" (not a countdown of the whole hour), and no way in yet.
    expect(await mentorPage.getByText(/^Starts in \d+ min$/).innerText()).toMatch(/^Starts in 1[01] min$/);
    expect(await mentorPage.getByRole("button", { name: /^You can join from / }).isDisabled()).toBe(true);
    // The room opens while the page is open (its clock moves 40 seconds on, past the opening): it says so, and "Join
    // now" lets him in. From here his requests carry the real time again, at which the room is open.
    await mentorContext.setExtraHTTPHeaders({});
    await mentorPage.clock.fastForward(40_000);
    await mentorPage.getByRole("status").filter({ hasText: "The room is open. Join when you are ready." }).waitFor({ timeout: 20_000 });
    await joinNow(mentorPage);
    await mentorPage.getByText(/^Waiting for Maya to join$/).waitFor({ timeout: 20_000 });
    // Before the start, waiting explains no rule yet: it applies from the start.
    expect(await mentorPage.getByText(/this session will count as missed/).count()).toBe(0);
  });

  it("the mentor's Go Live shows 10 minutes before the start, on the dashboard and the scheduler, and opens the live page in a new window where he can join early", async () => {
    // Eight minutes before the start: the mentor may enter early, like the mentee (ADR 0026).
    const { mentor, mentee, slotId, start } = await bookedPair(8 * MINUTE);
    // A later booking of the same pair: not yet.
    const later = new Date(Date.now() + 3 * 60 * MINUTE);
    await testDb()
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        menteeId: mentee.id,
        state: "booked",
        startAt: later,
        endAt: new Date(later.getTime() + 60 * MINUTE),
        bookedAt: new Date(),
      });
    const page = b.page;
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors");
    const rows = page.getByRole("row").filter({ hasText: `${mentee.firstName} ${mentee.lastName}` });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain("Go Live opens 10 minutes before the start");
    expect(await rows.nth(1).getByRole("link", { name: "Go Live" }).count()).toBe(0);
    const [live] = await Promise.all([page.context().waitForEvent("page"), rows.nth(0).getByRole("link", { name: "Go Live" }).click()]);
    await live.waitForURL(`**/mentors/connect/live/${slotId}`);
    await live.getByRole("heading", { name: `Live session with ${mentee.firstName} ${mentee.lastName}` }).waitFor();
    expect(await live.getByText(/^Starts in \d+ min$/).innerText()).toMatch(/^Starts in [789] min$/);
    await joinNow(live);
    await live.getByText(`Waiting for ${mentee.firstName} to join`).waitFor({ timeout: 20_000 });
    await live.close();

    // The scheduler: the running booking's details offer Go Live, the later one only says when.
    await page.goto("/mentors/scheduler");
    // On the session's day: the calendar opens on this week, and near Sunday's midnight in Kolkata the session is next week's.
    await showDay(page, dayIn(start, MENTOR_ZONE).iso);
    const events = page.getByRole("button", { name: new RegExp(`Booked: ${mentee.firstName} ${mentee.lastName}\\. Open details$`) });
    await expect.poll(() => events.count()).toBeGreaterThanOrEqual(1);
    await events.first().click();
    const details = page.getByRole("heading", { name: "Slot details" }).locator("..");
    const goLive = details.getByRole("link", { name: "Go Live" });
    await goLive.waitFor();
    expect(await goLive.getAttribute("href")).toBe(`/mentors/connect/live/${slotId}`);
    expect(await goLive.getAttribute("target")).toBe("_blank");
  });
});

describe("the call has the whole window", () => {
  it("at 360x740 on a phone the controls stay on screen and touch-sized, the app's header is hidden during the call, Leave is the way out", async () => {
    const [width, height] = [360, 740];
    const { mentor, mentee, slotId } = await bookedPair(-MINUTE);
    const context = await b.newContext({
      permissions: ["camera", "microphone"],
      viewport: { width, height },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/connect/live/${slotId}`);
    // Before the call, the app's header and navigation are there.
    const nav = page.getByRole("navigation", { name: "Mentee navigation" });
    await nav.waitFor();
    await joinNow(page);
    await page.getByText(`Waiting for ${mentor.firstName} to join`).waitFor({ timeout: 20_000 });
    await expectCallFillsWindow(page, mentor.firstName, nav, width, height, true);

    // Leave is the way out: the summary, and the app's header back.
    await page.getByRole("button", { name: "Leave" }).click();
    await page.getByRole("heading", { name: "You left the session" }).waitFor();
    await nav.waitFor();
  });

  it("a phone (touch only, a mobile browser) is not offered Share screen even where the browser defines getDisplayMedia", async () => {
    const { mentee, slotId } = await bookedPair(-MINUTE);
    const context = await b.newContext({
      permissions: ["camera", "microphone"],
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/connect/live/${slotId}`);
    expect(await page.evaluate(() => typeof navigator.mediaDevices.getDisplayMedia)).toBe("function");
    await joinNow(page);
    await page.getByRole("button", { name: "Chat", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Share screen" }).count()).toBe(0);
  });
});
