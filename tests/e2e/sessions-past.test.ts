import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { livePresence, timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { bookedPair, FAKE_MEDIA_ARGS, joinNow } from "../support/live";
import { dayIn, MENTOR_ZONE, showDay } from "../support/scheduler-page";
import { call } from "../support/scheduling";

/**
 * A session that is over is past on every screen (ADR 0026): an intro call the mentor never joined, once settled, is in
 * her Booked Slots' Past with its outcome and nowhere upcoming (no Join, not her home's next session), and off his
 * dashboard's upcoming sessions (no Go Live, in the scheduler's details neither). Leaving a call he never joined, she
 * is told he did not join and not asked to rate it. The live clock's words say what its figures show.
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, FAKE_MEDIA_ARGS);

const MIN = 60 * 1000;
const SIZES = [
  [1280, 800, false],
  [360, 740, true],
] as const;

/** A booked intro call of a fresh pair that started 25 minutes ago; she waited in the room ten minutes, he never came; settled by the job. */
async function missedIntroCall() {
  const pair = await bookedPair(-25 * MIN, { type: "trial" });
  await testDb()
    .insert(livePresence)
    .values({
      slotId: pair.slotId,
      role: "mentee",
      personId: pair.mentee.id,
      connectionId: crypto.randomUUID(),
      joinedAt: new Date(pair.start.getTime() + MIN),
      leftAt: new Date(pair.start.getTime() + 11 * MIN),
    });
  expect((await call("POST", `/dev/cron/settleSessions?now=${Date.now()}`)).status).toBe(200);
  const [row] = await testDb().select({ outcome: timeSlots.outcome }).from(timeSlots).where(eq(timeSlots.id, pair.slotId));
  expect(row.outcome).toBe("mentor_no_show");
  return pair;
}

describe("a settled session is past on every screen", () => {
  it.each(SIZES)("at %ix%i: her Booked Slots, her home, his dashboard and his scheduler (phone: %s)", async (width, height, phone) => {
    const { mentor, mentee, start } = await missedIntroCall();
    const mentorName = `${mentor.firstName} ${mentor.lastName}`;
    const viewport = { viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) };

    const page = await (await b.newContext(viewport)).newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/booked-slots");
    const past = page.getByRole("region", { name: "Past sessions" });
    await past.getByText(`Free intro call with ${mentorName}`).waitFor();
    await past.getByText(`Missed: ${mentor.firstName} did not join`).waitFor();
    const upcoming = page.getByRole("region", { name: "Upcoming sessions" });
    await upcoming.getByText("No upcoming sessions. Book one from a mentor's schedule.").waitFor();
    expect(await page.getByRole("link", { name: "Join session" }).count()).toBe(0);
    expect(await page.getByText("Starts within 12 hours: message your mentor to change it.").count()).toBe(0);
    expect(await page.getByText("No past sessions yet.").count()).toBe(0);

    await page.goto("/mentees");
    const next = page.getByRole("region", { name: "Your next session" });
    await next.getByText("No session booked. Pick a time with your mentor.").waitFor();
    expect(await next.getByText(mentorName).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Join session" }).count()).toBe(0);

    const his = await (await b.newContext(viewport)).newPage();
    await signInInto(his, "mentor", mentor);
    await his.goto("/mentors");
    const upcomingLive = his.getByRole("heading", { name: "Upcoming Live Sessions (next 24hr)" }).locator("..");
    await upcomingLive.getByText(/^No sessions in the next 24 hours\./).waitFor();
    expect(await upcomingLive.getByText(`${mentee.firstName} ${mentee.lastName}`).count()).toBe(0);
    expect(await his.getByRole("link", { name: "Go Live" }).count()).toBe(0);

    if (!phone) {
      // The scheduler's details of the booking: its outcome, and no Go Live.
      await his.goto("/mentors/scheduler");
      await showDay(his, dayIn(start, MENTOR_ZONE).iso);
      const event = his.getByRole("button", {
        name: new RegExp(`Booked: ${mentee.firstName} ${mentee.lastName} \\(intro call\\)\\. Open details$`),
      });
      await event.click();
      const details = his.getByRole("heading", { name: "Slot details" }).locator("..");
      await details.getByText("Missed: you did not join").waitFor();
      expect(await details.getByRole("link", { name: "Go Live" }).count()).toBe(0);
    }
  });
});

describe("leaving a call the other never joined", () => {
  it.each(SIZES)(
    "at %ix%i: she is told he did not join and is not asked to rate him; the clock's words match its figures (phone: %s)",
    async (width, height, phone) => {
      const { mentor, mentee, slotId } = await bookedPair(-MIN);
      const page = await (
        await b.newContext({
          permissions: ["camera", "microphone"],
          viewport: { width, height },
          ...(phone ? { isMobile: true, hasTouch: true } : {}),
        })
      ).newPage();
      await signInInto(page, "mentee", mentee);
      await page.goto(`/mentees/connect/live/${slotId}`);
      await joinNow(page);
      await page.getByText(`Waiting for ${mentor.firstName} to join`).waitFor({ timeout: 20_000 });

      // The figures and the words, read at one instant: the same minutes.
      const figures = page.getByText(/^\d+:\d\d in · \d+:\d\d left$/);
      await figures.waitFor();
      const clock = await figures.evaluate((shown) => ({
        shown: shown.textContent ?? "",
        said: shown.nextElementSibling?.textContent ?? "",
      }));
      const [, inShown, leftShown] = /^(\d+):\d\d in · (\d+):\d\d left$/.exec(clock.shown)!;
      expect(clock.said).toBe(
        `${inShown} ${inShown === "1" ? "minute" : "minutes"} in, ${leftShown} ${leftShown === "1" ? "minute" : "minutes"} left`,
      );

      await page.getByRole("button", { name: "Leave" }).click();
      await page.getByRole("heading", { name: "You left the session" }).waitFor();
      await page.getByText(`${mentor.firstName} ${mentor.lastName} did not join the session.`).waitFor();
      expect(await page.getByRole("form", { name: "Your review" }).count()).toBe(0);
      expect(await page.getByText(/How was your session with/).count()).toBe(0);
      // She can come back while the session runs, and go back to her bookings.
      expect(await page.getByRole("button", { name: "Rejoin the session" }).count()).toBe(1);
      await page.getByRole("link", { name: "Back to your booked slots" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    },
  );
});
