import { inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { enrollments, tickets, timeSlots } from "../../db/schema";
import { createMentee, createMentor, sessionFor, testDb } from "../support/accounts";
import { seedSession, useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { createModerator, findDisputeTicket } from "../support/moderation";

/**
 * Attendance says only what is true (ADR 0026), in the browser at 1280 and 360 px and in Hindi: a
 * call the mentor missed is "back in your plan" only when a call is left to book; an outcome in her
 * favour offers no Dispute; the moderator's History of a person is her sessions, beside Block; a
 * dispute's Block names the one recorded at fault.
 */
const b = useBrowser();
const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ticketsMade: string[] = [];
afterAll(async () => {
  if (ticketsMade.length)
    await testDb().update(tickets).set({ status: "resolved", resolution: "outcome_kept" }).where(inArray(tickets.id, ticketsMade));
});

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The moderator's session seeded into the page (signing in is not what these tests are about). */
async function asModerator(page: Page, moderator: { email: string; firstName: string; lastName: string }) {
  const tokens = await sessionFor("moderator", moderator.email);
  await seedSession(page, "moderator", { ...tokens, name: `${moderator.firstName} ${moderator.lastName}` });
}

async function people(tag: string) {
  const mentor = await createMentor({ firstName: "Asha", lastName: `${tag}${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({ firstName: "Maya", lastName: `${tag}${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
  return { mentor, mentee };
}

/** A booked session of the pair starting `startIn` from now, settled `outcome` at `outcomeAt`. */
async function booked(
  pair: { mentor: { id: string }; mentee: { id: string } },
  startIn: number,
  outcome: typeof timeSlots.$inferSelect.outcome = null,
  outcomeAt: Date | null = outcome ? new Date(Date.now() - HOUR) : null,
) {
  const start = new Date(Math.floor((Date.now() + startIn) / (30 * MIN)) * 30 * MIN);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: pair.mentor.id,
      menteeId: pair.mentee.id,
      state: "booked",
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      bookedAt: new Date(start.getTime() - 2 * DAY),
      outcome,
      outcomeAt,
    })
    .returning();
  return slot;
}

describe("a call the mentor missed", () => {
  it("is back in her plan only while a call is left to book; then the page says what is true, offers no booking and no dispute (1280, 360, Hindi)", async () => {
    const pair = await people("Back");
    const periodEnd = new Date(Date.now() + 25 * DAY);
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: pair.mentee.id,
        mentorId: pair.mentor.id,
        status: "active",
        amountPaise: 600_000,
        currentPeriodStart: new Date(Date.now() - 5 * DAY),
        currentPeriodEnd: periodEnd,
        activatedAt: new Date(Date.now() - 5 * DAY),
      });
    // He missed one (given back); one held, two to come: 3 of 4 count, one is left.
    await booked(pair, -3 * HOUR, "mentor_no_show");
    await booked(pair, -2 * DAY, "completed", new Date(Date.now() - 2 * DAY));
    await booked(pair, 2 * DAY);
    await booked(pair, 3 * DAY);
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInInto(page, "mentee", pair.mentee);
    await page.goto("/mentees/booked-slots");
    const past = page.getByRole("region", { name: "Past sessions" });
    await past.getByText(`Missed: ${pair.mentor.firstName} did not join`).waitFor();
    await past.getByText("The call is back in your plan.").waitFor();
    expect(await past.getByRole("link", { name: "Book another time" }).getAttribute("href")).toBe(
      `/mentees/schedules?mentorId=${pair.mentor.id}`,
    );
    // The outcome went in her favour: nothing to dispute.
    expect(await past.getByRole("button", { name: "Dispute the outcome of this session" }).count()).toBe(0);

    // She books the last call: the missed one is still not counted, but no call is left to book.
    await booked(pair, 4 * DAY);
    await page.reload();
    await past
      .getByText(/^The missed call was not counted, but all calls of this period are booked\. Your next period starts on .+\.$/)
      .waitFor();
    expect(await past.getByText("The call is back in your plan.").count()).toBe(0);
    expect(await past.getByRole("link", { name: "Book another time" }).count()).toBe(0);

    await page.setViewportSize({ width: 360, height: 740 });
    await past.getByText(/^The missed call was not counted/).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    // In Hindi (the reader's choice of language, as the switcher keeps it in a cookie), on the same phone.
    await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    const hindi = page;
    await hindi.reload();
    await hindi.getByText(/^छूटी हुई कॉल नहीं गिनी गई, पर इस अवधि की सभी कॉल बुक हैं। आपकी अगली अवधि .+ को शुरू होती है।$/).waitFor();
    expect(await scrollWidth(hindi)).toBeLessThanOrEqual(360);
  });
});

describe("the moderator checks before Block", () => {
  it("History beside Block opens her sessions with how each ended, her moderation log one link further (1280, 360, Hindi)", async () => {
    const pair = await people("Hist");
    await booked(pair, -3 * DAY, "mentee_no_show", new Date(Date.now() - 3 * DAY));
    await booked(pair, -2 * DAY, "completed", new Date(Date.now() - 2 * DAY));
    await booked(pair, -DAY, "mentee_no_show", new Date(Date.now() - DAY));
    const name = `${pair.mentee.firstName} ${pair.mentee.lastName}`;
    const moderator = await createModerator();
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await asModerator(page, moderator);
    await page.goto(`/moderator/mentees-list?search=${encodeURIComponent(pair.mentee.email)}`);
    await page.getByRole("heading", { name }).waitFor();
    await page.getByRole("button", { name: `Block ${name}` }).waitFor();
    await page.getByRole("button", { name: `History of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Sessions of ${name}` });
    const list = dialog.getByRole("list", { name: `Sessions of ${name}` });
    await list.waitFor();
    expect(await list.getByTestId("history-outcome").allInnerTexts()).toEqual([
      "Missed by the mentee",
      "Completed",
      "Missed by the mentee",
    ]);
    expect(await list.getByText(`Session with ${pair.mentor.firstName} ${pair.mentor.lastName}`).count()).toBe(3);

    await page.setViewportSize({ width: 360, height: 740 });
    await list.waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await dialog.getByRole("link", { name: `Moderation log of ${name}` }).click();
    await page.waitForURL(/\/moderator\/audit-log\?targetId=/);

    // In Hindi (the reader's choice of language, as the switcher keeps it in a cookie).
    await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    const hindi = page;
    await hindi.goto(`/moderator/mentees-list?search=${encodeURIComponent(pair.mentee.email)}`);
    await hindi.getByRole("button", { name: `${name} का इतिहास` }).click();
    await hindi
      .getByRole("dialog", { name: `${name} के सेशन` })
      .getByText("मेंटी शामिल नहीं हुआ")
      .first()
      .waitFor();
  });

  it("a dispute's Block names the one recorded at fault, never the one who came; with nobody at fault there is no Block", async () => {
    const pair = await people("Fault");
    const missedByHim = await booked(pair, -3 * HOUR, "mentor_no_show");
    const held = await booked(pair, -6 * HOUR, "completed");
    await testDb()
      .update(timeSlots)
      .set({ disputedAt: new Date() })
      .where(inArray(timeSlots.id, [missedByHim.id, held.id]));
    const made = await testDb()
      .insert(tickets)
      .values([
        // He disputes his own no-show: the ticket is about her, the one who came.
        {
          reporterRole: "mentor",
          reporterId: pair.mentor.id,
          accusedRole: "mentee",
          accusedId: pair.mentee.id,
          content: "I was there.",
          status: "open",
          kind: "attendance",
          slotId: missedByHim.id,
          createdAt: new Date(),
        },
        {
          reporterRole: "mentee",
          reporterId: pair.mentee.id,
          accusedRole: "mentor",
          accusedId: pair.mentor.id,
          content: "He left at once.",
          status: "open",
          kind: "attendance",
          slotId: held.id,
          createdAt: new Date(Date.now() + 1000),
        },
      ])
      .returning({ id: tickets.id });
    ticketsMade.push(...made.map((t) => t.id));
    const moderator = await createModerator();
    const page = b.page;
    await asModerator(page, moderator);
    await page.goto("/moderator/tickets");
    const mentorName = `${pair.mentor.firstName} ${pair.mentor.lastName}`;
    const menteeName = `${pair.mentee.firstName} ${pair.mentee.lastName}`;
    const againstHer = await findDisputeTicket(page, `Ticket against ${menteeName}`);
    await againstHer.getByRole("button", { name: `Block ${mentorName}` }).waitFor();
    expect(await againstHer.getByRole("button", { name: `Block ${menteeName}` }).count()).toBe(0);
    await page.goto("/moderator/tickets");
    const againstHim = await findDisputeTicket(page, `Ticket against ${mentorName}`);
    await againstHim.getByRole("button", { name: "Decide the attendance dispute" }).waitFor();
    expect(await againstHim.getByRole("button", { name: /^Block/ }).count()).toBe(0);
  });
});
