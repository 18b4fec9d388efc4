import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { enrollments, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";

/**
 * Live sessions in Chromium with fake camera and microphone (issue 10): the mentor and the mentee of
 * a booked slot open their live pages in two contexts and each sees the other's video play; a reload
 * brings the call back; a third account is refused; a page opened early counts down and enters by itself.
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
]);

const MINUTE = 60 * 1000;

async function bookedPair(startIn: number) {
  const mentor = await createMentor({ firstName: "Asha", lastName: `Live${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({ firstName: "Maya", lastName: `Live${crypto.randomUUID().slice(0, 4)}`, timeZone: "America/New_York" });
  const start = new Date(Date.now() + startIn);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({ mentorId: mentor.id, menteeId: mentee.id, state: "booked", startAt: start, endAt: new Date(start.getTime() + 60 * MINUTE), bookedAt: new Date() })
    .returning();
  // A subscriber: the summary invites her to review the mentor.
  await testDb().insert(enrollments).values({ menteeId: mentee.id, mentorId: mentor.id, status: "active", amountPaise: 960_000, currentPeriodStart: new Date(Date.now() - 86_400_000), currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000), activatedAt: new Date() });
  return { mentor, mentee, slotId: slot.id };
}

/** The remote video shows frames from the other side: it has a size and its time moves on. */
async function expectPlaying(page: Page, label: string) {
  const video = page.getByLabel(label);
  await video.waitFor({ timeout: 20_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(before);
}

describe("live sessions", () => {
  it("the mentor and the mentee see each other; a reload brings the call back; leaving shows the summary", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-MINUTE);
    const mentorPage = b.page;
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto(`/mentors/connect/live/${slotId}`);
    await mentorPage.getByRole("heading", { name: `Live session with ${mentee.firstName} ${mentee.lastName}` }).waitFor();
    await mentorPage.getByText(`Waiting for ${mentee.firstName} to join`).waitFor({ timeout: 20_000 });
    expect(await mentorPage.getByText(/left$/).innerText()).toMatch(/^\d+:\d\d left$/);

    const menteePage = await (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto(`/mentees/connect/live/${slotId}`);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    expect(await mentorPage.getByText(`Waiting for ${mentee.firstName} to join`).count()).toBe(0);

    // The mentee reloads: the call comes back on both sides.
    await menteePage.reload();
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);

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
    expect(await menteePage.getByRole("status").filter({ hasText: "You were in the session with" }).innerText()).toMatch(/for \d+ minutes?\./);
    await menteePage.getByRole("form", { name: "Your review" }).waitFor();
    expect(await menteePage.getByRole("button", { name: "Rejoin the session" }).count()).toBe(1);
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
    expect(await menteePage.getByRole("button", { name: "No camera" }).isDisabled()).toBe(true);

    const mentorPage = await (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto(`/mentors/connect/live/${slotId}`);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await mentorPage.getByRole("status").filter({ hasText: `Connected to ${mentee.firstName}` }).waitFor({ timeout: 20_000 });
    // A narrow phone: the call fits without scrolling sideways.
    await menteePage.setViewportSize({ width: 360, height: 740 });
    expect(await menteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await menteePage.getByRole("button", { name: "Leave" }).isVisible()).toBe(true);
  });

  it("a third account is refused; a page opened early counts down and enters by itself", async () => {
    const { mentor, slotId } = await bookedPair(10 * MINUTE + 4000);
    const stranger = await createMentee({ firstName: "Nosy", lastName: "Neighbour" });
    const page = b.page;
    await signInInto(page, "mentee", stranger);
    await page.goto(`/mentees/connect/live/${slotId}`);
    await page.getByRole("alert").filter({ hasText: "This session is not yours: only its mentor and its mentee can join it." }).waitFor();

    const mentorPage = await (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto(`/mentors/connect/live/${slotId}`);
    await mentorPage.getByText("Keep this page open: it joins by itself when the room opens.").waitFor();
    expect(await mentorPage.locator("main").innerText()).toMatch(/You can join from 10 minutes before\.\s+0:0\d/);
    await mentorPage.getByText(/^Waiting for Maya to join$/).waitFor({ timeout: 20_000 });
  });

  it("the mentor's Go Live shows once the start is reached, on the dashboard and the scheduler, and opens the live page in a new window", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-2 * MINUTE);
    // A later booking of the same pair: not yet.
    const later = new Date(Date.now() + 3 * 60 * MINUTE);
    await testDb().insert(timeSlots).values({ mentorId: mentor.id, menteeId: mentee.id, state: "booked", startAt: later, endAt: new Date(later.getTime() + 60 * MINUTE), bookedAt: new Date() });
    const page = b.page;
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors");
    const rows = page.getByRole("row").filter({ hasText: `${mentee.firstName} ${mentee.lastName}` });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain("Go Live opens at the start");
    expect(await rows.nth(1).getByRole("link", { name: "Go Live" }).count()).toBe(0);
    const [live] = await Promise.all([page.context().waitForEvent("page"), rows.nth(0).getByRole("link", { name: "Go Live" }).click()]);
    await live.waitForURL(`**/mentors/connect/live/${slotId}`);
    await live.getByRole("heading", { name: `Live session with ${mentee.firstName} ${mentee.lastName}` }).waitFor();
    await live.close();

    // The scheduler: the running booking's details offer Go Live, the later one only says when.
    await page.goto("/mentors/scheduler");
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
