import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviews, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { toasts, useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { createEnrollment } from "../support/moderation";

/**
 * Before and after a session in the browser (ADR 0026), with the mentee and the mentor in two
 * browsers: she edits her agenda and he reads it on his dashboard; he writes the session's notes,
 * she reads them and comments, he reads her comment; her home's one-tap rating prompt is her review.
 */
const b = useBrowser();
const MIN = 60 * 1000;
const HOUR = 60 * MIN;

async function pair() {
  const tag = crypto.randomUUID().slice(0, 4);
  const mentor = await createMentor({ firstName: "Asha", lastName: `Before${tag}`, timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({ firstName: "Maya", lastName: `After${tag}`, timeZone: "Asia/Kolkata" });
  await createEnrollment(mentee.id, mentor.id);
  return { mentor, mentee };
}

async function booked(p: Awaited<ReturnType<typeof pair>>, start: Date, values: Partial<typeof timeSlots.$inferInsert> = {}) {
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: p.mentor.id,
      menteeId: p.mentee.id,
      state: "booked",
      type: "session",
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      bookedAt: new Date(start.getTime() - 2 * 24 * HOUR),
      bookingId: crypto.randomUUID(),
      ...values,
    })
    .returning();
  return slot;
}

describe("before and after a session", () => {
  it("she adds an agenda with a link to her booking; he reads it, the link safe, on his dashboard at 360 px", async () => {
    const p = await pair();
    await booked(p, new Date(Math.ceil(Date.now() / HOUR) * HOUR + 5 * HOUR));
    const page = b.page;
    await signInInto(page, "mentee", p.mentee);
    await page.goto("/mentees/booked-slots");
    const upcoming = page.getByRole("region", { name: "Upcoming sessions" });
    await upcoming.getByText(`Session with ${p.mentor.firstName} ${p.mentor.lastName}`).waitFor();
    await upcoming.getByText(`No agenda yet. Tell ${p.mentor.firstName} what you would like to discuss.`).waitFor();
    await upcoming.getByRole("button", { name: "Add agenda" }).click();
    const field = upcoming.getByLabel("Agenda: what would you like to discuss?");
    await field.fill("x".repeat(501));
    await upcoming.getByRole("button", { name: "Save agenda" }).click();
    await upcoming.getByRole("alert").getByText("Agenda must be at most 500 characters").waitFor();
    await field.fill("Review my portfolio before the interview: https://example.com/maya-portfolio.");
    await upcoming.getByRole("button", { name: "Save agenda" }).click();
    await toasts(page, "Agenda saved").waitFor();
    const mine = upcoming.getByRole("link", { name: "https://example.com/maya-portfolio" });
    await mine.waitFor();
    expect(await mine.getAttribute("href")).toBe("https://example.com/maya-portfolio");
    await upcoming.getByRole("button", { name: "Edit agenda" }).waitFor();

    const mentorPage = await (await b.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await signInInto(mentorPage, "mentor", p.mentor);
    await mentorPage.goto("/mentors");
    const row = mentorPage.getByRole("row").filter({ hasText: `${p.mentee.firstName} ${p.mentee.lastName}` });
    await row.getByText("Review my portfolio before the interview:").waitFor();
    const link = row.getByRole("link", { name: "https://example.com/maya-portfolio" });
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(await link.getAttribute("target")).toBe("_blank");
    // Nothing sideways on a phone.
    expect(await mentorPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("he writes the notes of their completed session; she reads them from her past bookings and comments; he reads her comment", async () => {
    const p = await pair();
    const start = new Date(Math.floor(Date.now() / (30 * MIN)) * 30 * MIN - 3 * HOUR);
    const slot = await booked(p, start, { outcome: "completed", outcomeAt: new Date(start.getTime() + 65 * MIN) });

    const mentorPage = b.page;
    await signInInto(mentorPage, "mentor", p.mentor);
    await mentorPage.goto("/mentors");
    await mentorPage.getByRole("link", { name: `Session notes of the session with ${p.mentee.firstName} ${p.mentee.lastName}` }).click();
    await mentorPage.waitForURL(`**/mentors/sessions/${slot.id}/notes`);
    await mentorPage.getByRole("heading", { name: "Session notes", level: 1 }).waitFor();
    const notes = mentorPage.getByLabel(`Notes for ${p.mentee.firstName}`);
    await notes.fill("We practised your story.\nNext: read https://example.com/primer and book a mock interview.");
    await mentorPage.getByRole("button", { name: "Save notes" }).click();
    await toasts(mentorPage, `Notes saved. ${p.mentee.firstName} was told.`).waitFor();
    await mentorPage.getByTestId("session-notes-body").getByRole("link", { name: "https://example.com/primer" }).waitFor();

    const menteePage = await (await b.newContext()).newPage();
    await signInInto(menteePage, "mentee", p.mentee);
    await menteePage.goto("/mentees/booked-slots");
    const past = menteePage.getByRole("region", { name: "Past sessions" });
    await past.getByRole("link", { name: `Session notes of the session with ${p.mentor.firstName} ${p.mentor.lastName}` }).click();
    await menteePage.waitForURL(`**/mentees/sessions/${slot.id}/notes`);
    const body = menteePage.getByTestId("session-notes-body");
    await body.getByText(/We practised your story\./).waitFor();
    expect(await body.getByRole("link", { name: "https://example.com/primer" }).getAttribute("rel")).toBe("noopener noreferrer nofollow");
    // She reads; she does not write the notes.
    expect(await menteePage.getByRole("button", { name: "Edit notes" }).count()).toBe(0);
    expect(await menteePage.getByRole("button", { name: "Save notes" }).count()).toBe(0);
    await menteePage.getByText(`Written by ${p.mentor.firstName} ${p.mentor.lastName}`, { exact: false }).waitFor();

    const comment = menteePage.getByLabel("Add a comment");
    await menteePage.getByRole("button", { name: "Post comment" }).click();
    await menteePage.getByRole("alert").getByText("Write a comment before sending it").waitFor();
    await comment.fill("Thank you! I will read it this week.");
    await menteePage.getByRole("button", { name: "Post comment" }).click();
    await toasts(menteePage, "Comment added").waitFor();
    const comments = menteePage.getByRole("list", { name: "Comments" });
    await comments.getByText("Thank you! I will read it this week.").waitFor();
    await comments.getByText("You", { exact: true }).waitFor();
    expect(await comment.inputValue()).toBe("");

    await mentorPage.reload();
    const his = mentorPage
      .getByRole("list", { name: "Comments" })
      .getByRole("listitem")
      .filter({ hasText: "Thank you! I will read it this week." });
    await his.getByText(`${p.mentee.firstName} ${p.mentee.lastName}`).waitFor();
    // He can still edit his notes.
    await mentorPage.getByRole("button", { name: "Edit notes" }).click();
    expect(await mentorPage.getByLabel(`Notes for ${p.mentee.firstName}`).inputValue()).toMatch(/^We practised your story\./);
  });

  it("her home asks how the session was; one tap on a star is her review, and the prompt does not come back", async () => {
    const p = await pair();
    const start = new Date(Math.floor(Date.now() / (30 * MIN)) * 30 * MIN - 26 * HOUR);
    await booked(p, start, { outcome: "completed", outcomeAt: new Date(start.getTime() + 65 * MIN) });
    const page = b.page;
    await signInInto(page, "mentee", p.mentee);
    await page.goto("/mentees");
    const prompt = page.getByRole("region", { name: `How was your session with ${p.mentor.firstName}?` });
    await prompt.waitFor();
    await prompt
      .getByRole("group", { name: `Rate ${p.mentor.firstName}` })
      .getByRole("button", { name: "4 stars" })
      .click();
    await page.getByRole("status").getByText(`Thanks! You rated ${p.mentor.firstName} 4 stars.`).waitFor();
    const [review] = await testDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.menteeId, p.mentee.id), eq(reviews.mentorId, p.mentor.id)));
    expect(review).toMatchObject({ rating: 4, text: null });
    expect(await page.getByRole("link", { name: "Add a few words to your review" }).getAttribute("href")).toBe(
      `/mentees/browse/mentor/profile/${p.mentor.id}`,
    );

    await page.reload();
    await page.getByRole("region", { name: "Your next session" }).waitFor();
    expect(await page.getByRole("region", { name: `How was your session with ${p.mentor.firstName}?` }).count()).toBe(0);
  });
});
