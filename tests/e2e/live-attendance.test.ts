import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { livePresence, timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { bookedPair, enterLive, expectPlaying, FAKE_MEDIA_ARGS, joinNow } from "../support/live";
import { call } from "../support/scheduling";

/**
 * Attendance from the live room in Chromium (ADR 0026): two browsers with fake cameras meet, one
 * leaves early; the room's own record settles the session as completed. The session is moved two hours
 * back (with its record) before settling, so the job settles it as it would after its end, and nothing
 * else early. The words while one waits follow the settling rule: a no-show (after which the mentee is
 * told the call is back in her plan), a late join and a leave-and-return are walked through the real
 * room, each ending in the outcome the room said.
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, FAKE_MEDIA_ARGS);
const MIN = 60 * 1000;

const presenceOf = (slotId: string) => testDb().select().from(livePresence).where(eq(livePresence.slotId, slotId));

/** The session and what the room wrote of it, `ms` earlier; then the settle job, now. */
async function endAndSettle(slotId: string, ms = 2 * 60 * MIN) {
  await testDb().batch([
    testDb()
      .update(timeSlots)
      .set({ startAt: sql`start_at - ${ms}`, endAt: sql`end_at - ${ms}` })
      .where(eq(timeSlots.id, slotId)),
    testDb()
      .update(livePresence)
      .set({ joinedAt: sql`joined_at - ${ms}`, leftAt: sql`left_at - ${ms}` })
      .where(eq(livePresence.slotId, slotId)),
  ]);
  expect((await call("POST", "/dev/cron/settleSessions")).status).toBe(200);
  return (await testDb().select().from(timeSlots).where(eq(timeSlots.id, slotId)))[0].outcome;
}

describe("attendance from the live room", () => {
  it("they meet, she leaves early: the room recorded both, and the session counts as completed for both", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-MIN);
    const mentorPage = b.page;
    await enterLive(mentorPage, "mentor", mentor, slotId);
    const menteePage = await (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
    await enterLive(menteePage, "mentee", mentee, slotId);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    await menteePage.getByRole("button", { name: "Leave" }).click();
    await menteePage.getByRole("heading", { name: "You left the session" }).waitFor();
    await mentorPage.getByText(`${mentee.firstName} left. Waiting for ${mentee.firstName} to come back`).waitFor({ timeout: 10_000 });
    // The room, not the page, wrote it: her stretch has ended, his goes on.
    await expect
      .poll(async () => (await presenceOf(slotId)).find((p) => p.role === "mentee" && p.leftAt !== null) !== undefined, { timeout: 10_000 })
      .toBe(true);
    expect((await presenceOf(slotId)).filter((p) => p.role === "mentor" && p.leftAt === null)).toHaveLength(1);
    await mentorPage.getByRole("button", { name: "Leave" }).click();
    await expect.poll(async () => (await presenceOf(slotId)).every((p) => p.leftAt !== null), { timeout: 10_000 }).toBe(true);

    expect(await endAndSettle(slotId)).toBe("completed");
    await mentorPage.goto("/mentors");
    await mentorPage.getByText("Recent sessions (last 14 days)").locator("..").getByText("Completed").waitFor();
    await menteePage.goto("/mentees/booked-slots");
    await menteePage.getByRole("region", { name: "Past sessions" }).getByText("Completed").waitFor();
  });

  // The words while one waits follow the rule that settles the session (shared/attendance.ts): each walk ends by settling it.
  const menteeContext = () => b.newContext({ permissions: ["camera", "microphone"] });

  it("a no-show: she waits past the wait; the room says it counts as missed by him, it settles so, and the call is back in her plan", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-11 * MIN);
    const page = b.page;
    await enterLive(page, "mentee", mentee, slotId);
    await page.getByText(`Waiting for ${mentor.firstName} to join`).waitFor({ timeout: 20_000 });
    await page
      .getByText(
        new RegExp(
          `^It's past .+ and ${mentor.firstName} hasn't joined: this session counts as missed by ${mentor.firstName}, and your call goes back to your plan, unless ${mentor.firstName} joins while you are still here\\.$`,
        ),
      )
      .waitFor();
    await expect.poll(async () => (await presenceOf(slotId)).length, { timeout: 10_000 }).toBe(1);
    await page.getByRole("button", { name: "Leave" }).click();
    await expect.poll(async () => (await presenceOf(slotId))[0]?.leftAt ?? null, { timeout: 10_000 }).not.toBeNull();

    expect(await endAndSettle(slotId)).toBe("mentor_no_show");
    await page.goto("/mentees/booked-slots");
    const past = page.getByRole("region", { name: "Past sessions" });
    await past.getByText(`Missed: ${mentor.firstName} did not join`).waitFor();
    await past.getByText("The call is back in your plan.").waitFor();
    await page
      .getByRole("button", { name: /Notifications/ })
      .first()
      .click();
    await page
      .getByText(new RegExp(`${mentor.firstName} ${mentor.lastName} did not join your session`))
      .first()
      .waitFor();
  });

  it("a late join: he comes after the wait while she is there; when he leaves, her room says it counts as held, never missed", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-11 * MIN);
    const menteePage = b.page;
    await enterLive(menteePage, "mentee", mentee, slotId);
    await menteePage
      .getByText(new RegExp(`hasn't joined: this session counts as missed by ${mentor.firstName}`))
      .waitFor({ timeout: 20_000 });
    const mentorPage = await (await menteeContext()).newPage();
    await enterLive(mentorPage, "mentor", mentor, slotId);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await mentorPage.getByRole("button", { name: "Leave" }).click();
    await menteePage.getByText(`${mentor.firstName} left. Waiting for ${mentor.firstName} to come back`).waitFor({ timeout: 10_000 });
    await menteePage
      .getByText(
        `You and ${mentor.firstName} were in the call together, so this session counts as held, even if ${mentor.firstName} does not come back.`,
      )
      .waitFor();
    expect(await menteePage.getByText(/counts as missed/).count()).toBe(0);
    await menteePage.getByRole("button", { name: "Leave" }).click();
    await expect.poll(async () => (await presenceOf(slotId)).every((p) => p.leftAt !== null), { timeout: 10_000 }).toBe(true);
    expect(await endAndSettle(slotId)).toBe("completed");
  });

  it("a leave and return: after they met and he left, her fresh page (from the room's record) still says held; he returns and they meet again", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-12 * MIN);
    const menteePage = b.page;
    await enterLive(menteePage, "mentee", mentee, slotId);
    const mentorPage = await (await menteeContext()).newPage();
    await enterLive(mentorPage, "mentor", mentor, slotId);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await mentorPage.getByRole("button", { name: "Leave" }).click();
    await menteePage.getByText(`${mentor.firstName} left. Waiting for ${mentor.firstName} to come back`).waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await presenceOf(slotId)).some((p) => p.role === "mentor" && p.leftAt !== null), { timeout: 10_000 })
      .toBe(true);
    // She reloads: this page saw nothing of him, only the room's record says they met.
    await menteePage.reload();
    await joinNow(menteePage);
    await menteePage.getByText(`Waiting for ${mentor.firstName} to join`).waitFor({ timeout: 20_000 });
    await menteePage
      .getByText(`You and ${mentor.firstName} were in the call together, so this session counts as held`, { exact: false })
      .waitFor();
    expect(await menteePage.getByText(/counts as missed/).count()).toBe(0);
    // He comes back: they meet again.
    await mentorPage.getByRole("button", { name: "Rejoin the session" }).click();
    await joinNow(mentorPage);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);
    await menteePage.getByRole("button", { name: "Leave" }).click();
    await mentorPage.getByRole("button", { name: "Leave" }).click();
    await expect.poll(async () => (await presenceOf(slotId)).every((p) => p.leftAt !== null), { timeout: 10_000 }).toBe(true);
    expect(await endAndSettle(slotId)).toBe("completed");
  });

  it("in Hindi on a 360 px phone: her fresh page reads from the room's record that they met, and says it counts as held", async () => {
    const { mentor, mentee, slotId, start } = await bookedPair(-12 * MIN);
    // What the room recorded earlier: they were in it together from 1 to 2 minutes after the start, then both left.
    const stretch = (role: "mentee" | "mentor", personId: string, from: number, to: number) => ({
      slotId,
      role,
      personId,
      connectionId: crypto.randomUUID(),
      joinedAt: new Date(start.getTime() + from * MIN),
      leftAt: new Date(start.getTime() + to * MIN),
    });
    await testDb()
      .insert(livePresence)
      .values([stretch("mentee", mentee.id, 0, 2), stretch("mentor", mentor.id, 1, 3)]);
    const page = await (
      await b.newContext({ permissions: ["camera", "microphone"], locale: "hi-IN", viewport: { width: 360, height: 740 } })
    ).newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/connect/live/${slotId}`);
    const join = page.getByRole("button", { name: "अभी जुड़ें" });
    await join.waitFor({ timeout: 20_000 });
    await expect.poll(() => join.isEnabled(), { timeout: 20_000 }).toBe(true);
    await join.click();
    await page
      .getByText(`आप और ${mentor.firstName} कॉल में साथ थे, इसलिए यह सेशन हुआ माना जाएगा, भले ही ${mentor.firstName} वापस न आएँ।`)
      .waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "छोड़ें" }).click();
    await expect.poll(async () => (await presenceOf(slotId)).every((p) => p.leftAt !== null), { timeout: 10_000 }).toBe(true);
    expect(await endAndSettle(slotId)).toBe("completed");
  });
});
