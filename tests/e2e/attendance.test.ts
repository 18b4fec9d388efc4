import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enrollments, livePresence, tickets, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { signInThroughUi, toasts, useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { createModerator, findDisputeTicket } from "../support/moderation";

/**
 * Attendance in the browser (ADR 0026): the mentee reads how a session ended and disputes it; a
 * moderator reads what the live room recorded and changes the outcome; the mentee then gets her call
 * back with "Book another time", and the mentor reads it on his dashboard.
 */
const b = useBrowser();
const MIN = 60 * 1000;
const made: string[] = [];
afterAll(async () => {
  for (const id of made)
    await testDb().update(tickets).set({ status: "resolved", resolution: "outcome_kept" }).where(eq(tickets.slotId, id));
});

describe("attendance", () => {
  it("she disputes a no-show, the moderator reads the room's record and changes it, she gets the call back and he reads it on his dashboard", async () => {
    const mentor = await createMentor({ firstName: "Asha", lastName: `Att${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
    const mentee = await createMentee({ firstName: "Maya", lastName: `Att${crypto.randomUUID().slice(0, 4)}`, timeZone: "Asia/Kolkata" });
    const start = new Date(Math.floor(Date.now() / (30 * MIN)) * 30 * MIN - 3 * 60 * MIN);
    const [slot] = await testDb()
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        menteeId: mentee.id,
        state: "booked",
        startAt: start,
        endAt: new Date(start.getTime() + 60 * MIN),
        bookedAt: new Date(start.getTime() - 86_400_000),
        outcome: "mentee_no_show",
        outcomeAt: new Date(Date.now() - 60 * MIN),
      })
      .returning();
    made.push(slot.id);
    // Her plan with him runs, so a call he missed is back in it.
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: mentee.id,
        mentorId: mentor.id,
        status: "active",
        amountPaise: 600_000,
        currentPeriodStart: new Date(Date.now() - 5 * 86_400_000),
        currentPeriodEnd: new Date(Date.now() + 25 * 86_400_000),
        activatedAt: new Date(Date.now() - 5 * 86_400_000),
      });
    // What the room saw: he was there 20 minutes; she joined only after he left.
    await testDb()
      .insert(livePresence)
      .values([
        {
          slotId: slot.id,
          role: "mentor",
          personId: mentor.id,
          connectionId: crypto.randomUUID(),
          joinedAt: new Date(start.getTime() - MIN),
          leftAt: new Date(start.getTime() + 20 * MIN),
        },
        {
          slotId: slot.id,
          role: "mentee",
          personId: mentee.id,
          connectionId: crypto.randomUUID(),
          joinedAt: new Date(start.getTime() + 25 * MIN),
          leftAt: new Date(start.getTime() + 30 * MIN),
        },
      ]);

    const page = b.page;
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/booked-slots");
    const past = page.getByRole("region", { name: "Past sessions" });
    await past.getByText("Missed: you did not join").waitFor();
    await past.getByRole("button", { name: "Dispute the outcome of this session" }).click();
    const dialog = page.getByRole("dialog", { name: "Dispute this outcome?" });
    await dialog.getByLabel("What happened? (optional)").fill("My connection dropped at the start; I joined as soon as it was back.");
    await dialog.getByRole("button", { name: "Send dispute" }).click();
    await toasts(page, "Dispute sent").waitFor();
    await past.getByText("Disputed: a moderator is looking into it.").waitFor();
    expect(await past.getByRole("button", { name: "Dispute the outcome of this session" }).count()).toBe(0);

    const moderator = await createModerator();
    const modPage = await (await b.newContext()).newPage();
    await signInThroughUi(modPage, "moderator", moderator.email);
    await modPage.getByRole("navigation", { name: "Moderator navigation" }).getByRole("link", { name: "Tickets" }).click();
    const ticket = await findDisputeTicket(modPage, `Ticket against ${mentor.firstName} ${mentor.lastName}`);
    expect(await ticket.getByRole("list", { name: "What the live room recorded" }).innerText()).toMatch(
      /\(mentor\): joined 1 min before the start, stayed 21 min[\s\S]*\(mentee\): joined 25 min after the start, stayed 5 min/,
    );
    // An attendance dispute is decided, not dismissed.
    expect(await ticket.getByRole("button", { name: /^Dismiss/ }).count()).toBe(0);
    await ticket.getByRole("button", { name: "Decide the attendance dispute" }).click();
    const decide = modPage.getByRole("dialog", { name: "Decide the attendance dispute" });
    await decide.getByLabel("Outcome").selectOption({ label: "Missed by the mentor" });
    await decide.getByLabel("Note to both").fill("He left at 20 minutes; her connection problem is credible.");
    await decide.getByRole("button", { name: "Save decision" }).click();
    await toasts(modPage, "Outcome changed to missed by the mentor").waitFor();
    await ticket.getByText(/^Outcome changed by/).waitFor();

    await page.reload();
    await past.getByText(`Missed: ${mentor.firstName} did not join`).waitFor();
    await past.getByText("The call is back in your plan.").waitFor();
    expect(await past.getByRole("link", { name: "Book another time" }).getAttribute("href")).toBe(
      `/mentees/schedules?mentorId=${mentor.id}`,
    );

    const mentorPage = await (await b.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors");
    const recent = mentorPage.getByText("Recent sessions (last 14 days)").locator("..");
    await recent.getByText("Missed: you did not join").waitFor();
    expect(await recent.getByText(`${mentee.firstName} ${mentee.lastName}`).count()).toBe(1);
  });
});
