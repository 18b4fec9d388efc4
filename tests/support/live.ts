import type { Page } from "playwright-core";
import { expect } from "vitest";
import { enrollments, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "./accounts";
import { signInInto } from "./find-mentor";

/** Live sessions in Chromium (ADR 0015, ADR 0026): a booked pair, entering the live page, and checking the video plays. */

const MINUTE = 60 * 1000;

/** Chromium's fake camera and microphone, allowed without a prompt, and video that plays without a click. */
export const FAKE_MEDIA_ARGS = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
];

/** A mentor (Asha, Kolkata) and a subscribed mentee (Maya, New York) with a booked session starting `startIn` from now. */
export async function bookedPair(startIn: number, slot: { type?: "session" | "trial"; agenda?: string | null } = {}) {
  const mentor = await createMentor({ firstName: "Asha", lastName: `Live${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({
    firstName: "Maya",
    lastName: `Live${crypto.randomUUID().slice(0, 4)}`,
    timeZone: "America/New_York",
  });
  const start = new Date(Date.now() + startIn);
  const [row] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: mentor.id,
      menteeId: mentee.id,
      state: "booked",
      startAt: start,
      endAt: new Date(start.getTime() + 60 * MINUTE),
      bookedAt: new Date(),
      type: slot.type ?? "session",
      agenda: slot.agenda ?? null,
    })
    .returning();
  // A subscriber: the summary invites her to review the mentor, and the pair can chat.
  await testDb()
    .insert(enrollments)
    .values({
      menteeId: mentee.id,
      mentorId: mentor.id,
      status: "active",
      amountPaise: 960_000,
      currentPeriodStart: new Date(Date.now() - 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      activatedAt: new Date(),
    });
  return { mentor, mentee, slotId: row.id, start };
}

/**
 * Signs in, opens the live page and enters the room through the pre-join check's "Join now" (the
 * page never enters by itself): once the camera preview (or the refusal) has settled.
 */
export async function enterLive(
  page: Page,
  role: "mentee" | "mentor",
  account: { email: string; firstName: string; lastName: string },
  slotId: string,
) {
  await signInInto(page, role, account);
  await page.goto(`/${role}s/connect/live/${slotId}`);
  await joinNow(page);
}

/** Presses "Join now" on an open live page's pre-join check once it is enabled. */
export async function joinNow(page: Page) {
  const join = page.getByRole("button", { name: "Join now" });
  await join.waitFor({ timeout: 20_000 });
  await expect.poll(() => join.isEnabled(), { timeout: 20_000 }).toBe(true);
  await join.click();
  await page.getByRole("button", { name: "Leave" }).waitFor({ timeout: 20_000 });
}

/** The video shows frames: it has a size and its time moves on. */
export async function expectPlaying(page: Page, label: string) {
  const video = page.getByLabel(label, { exact: true });
  await video.waitFor({ timeout: 20_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(before);
}
