import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, sessionFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { seedSession, useBrowser } from "../support/browser";
import { createEnrollment, createModerator, findDisputeTicket } from "../support/moderation";

/**
 * What the moderator's screens show, at 1280 and 360 px: a mentor's active subscribers counted, History and
 * Payments drawn as buttons, an applicant's missing links "Not given", the payments dialog without a gender,
 * Home marked as the current place on its own pages, and an attendance dispute named in the third person
 * (in Hindi too, on the disputing mentor's own tickets).
 */

const b = useBrowser();
const HOUR = 60 * 60 * 1000;
/** Letters only, unique to the test: names never carry digits. */
const tag = () =>
  crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);

async function signedIn(page: Page, role: "moderator" | "mentor", email: string, name: string) {
  const s = await sessionFor(role, email);
  await seedSession(page, role, { ...s, name });
}

/** A border a sighted user sees: some width and a colour that is not transparent. */
async function hasVisibleBorder(button: Locator) {
  const style = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { width: s.borderTopWidth, color: s.borderTopColor, style: s.borderTopStyle };
  });
  return style.width !== "0px" && style.style !== "none" && !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.color);
}

/** An intro call nobody joined, disputed by the mentor: the ticket the moderator reads. */
async function disputedIntroCall(mentorId: string, menteeId: string) {
  const start = new Date(Date.now() - 3 * HOUR);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId,
      menteeId,
      startAt: start,
      endAt: new Date(start.getTime() + HOUR / 2),
      state: "booked",
      type: "trial",
      bookedAt: new Date(start.getTime() - 24 * HOUR),
      outcome: "both_no_show",
      outcomeAt: new Date(Date.now() - HOUR),
    })
    .returning();
  const token = await accessTokenFor("mentor", mentorId);
  return trpc(token).attendance.dispute.mutate({ slotId: slot.id, what: "I waited in the room." });
}

describe("the moderator's screens", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    it(`show what is true and look clickable at ${viewport.width} px`, async () => {
      const moderator = await createModerator();
      const mentor = await createMentor({ firstName: `Mentor${tag()}`, lastName: "Counted" });
      const mentee = await createMentee({ firstName: `Mentee${tag()}`, lastName: "Paying" });
      const applicant = await createMentor({
        firstName: `Applicant${tag()}`,
        lastName: "Linkless",
        status: "pending",
        website: null,
        twitterUrl: null,
        linkedInUrl: null,
      });
      await createEnrollment(mentee.id, mentor.id);
      const mentorName = `${mentor.firstName} ${mentor.lastName}`;
      const menteeName = `${mentee.firstName} ${mentee.lastName}`;
      await b.page.setViewportSize(viewport);
      const page = b.page;
      await signedIn(page, "moderator", moderator.email, "Test Moderator");

      // Mentors List: the mentor's one paid subscription, said as what it is; History is an outlined button.
      await page.goto(`/moderator/mentors-list?search=${encodeURIComponent(mentor.email)}`);
      const mentorRow = page.getByRole("listitem").filter({ hasText: mentor.email });
      await mentorRow.getByText("1 active subscriber", { exact: true }).waitFor();
      const history = mentorRow.getByRole("button", { name: `History of ${mentorName}` });
      expect(await hasVisibleBorder(history)).toBe(true);
      // The same row in Hindi.
      const hindi = await (await b.newContext({ locale: "hi-IN", viewport })).newPage();
      await signedIn(hindi, "moderator", moderator.email, "Test Moderator");
      await hindi.goto(`/moderator/mentors-list?search=${encodeURIComponent(mentor.email)}`);
      await hindi.getByRole("listitem").filter({ hasText: mentor.email }).getByText("1 सक्रिय सब्सक्राइबर", { exact: true }).waitFor();

      // Mentees List: Payments and History are outlined buttons; the dialog names no gender.
      await page.goto(`/moderator/mentees-list?search=${encodeURIComponent(mentee.email)}`);
      const menteeRow = page.getByRole("listitem").filter({ hasText: mentee.email });
      const payments = menteeRow.getByRole("button", { name: `Payments of ${menteeName}` });
      await payments.waitFor();
      expect(await hasVisibleBorder(payments)).toBe(true);
      expect(await hasVisibleBorder(menteeRow.getByRole("button", { name: `History of ${menteeName}` }))).toBe(true);
      await payments.click();
      const dialog = page.getByRole("dialog", { name: `Payments of ${menteeName}` });
      const about = await dialog.getByText(/paid subscription invoices/).textContent();
      expect(about).toContain(`${menteeName}'s paid subscription invoices`);
      expect(about).toContain("goes back to their card");
      expect(about).not.toMatch(/\b(her|she|his|he)\b/i);
      await page.keyboard.press("Escape");

      // Mentor Applicants: no link given reads "Not given", as every other empty field.
      await page.goto(`/moderator/mentor-applicants?search=${encodeURIComponent(applicant.email)}`);
      const card = page.locator(`[aria-label="Application of ${applicant.firstName} Linkless"]`);
      await card.waitFor();
      for (const label of ["Website", "Twitter", "LinkedIn"]) {
        const field = card.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`, "i") }) });
        expect((await field.locator("dd").innerText()).trim(), label).toBe("Not given");
      }

      // Home's own pages keep Home marked as the current place in the nav.
      const nav = page.getByRole("navigation", { name: "Moderator navigation" });
      for (const path of ["/moderator/background-work", "/moderator/deletions"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current"), path).toBe("page");
        expect(await nav.locator('[aria-current="page"]').count(), path).toBe(1);
      }
      await page.goto("/moderator/tickets");
      await nav.getByRole("link", { name: "Tickets" }).and(page.locator('[aria-current="page"]')).waitFor();
      expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    });

    it(`an attendance dispute names the outcome as the evidence box does, in English and Hindi, at ${viewport.width} px`, async () => {
      const moderator = await createModerator();
      const mentor = await createMentor({ firstName: `Disputing${tag()}`, lastName: "Mentor" });
      const mentee = await createMentee({ firstName: `Absent${tag()}`, lastName: "Mentee" });
      await disputedIntroCall(mentor.id, mentee.id);
      const page = b.page;
      await page.setViewportSize(viewport);
      await signedIn(page, "moderator", moderator.email, "Test Moderator");
      await page.goto("/moderator/tickets");
      const ticket = await findDisputeTicket(page, `Ticket against ${mentee.firstName} ${mentee.lastName}`);
      const text = await ticket.getByText(/^Attendance dispute about the intro call of/).innerText();
      expect(text).toMatch(/recorded as "Missed by both"\. I waited in the room\.$/);
      expect(text).not.toMatch(/Nobody joined|you did not join/);
      await ticket.getByText("Missed by both", { exact: true }).waitFor();

      // The mentor who disputed reads the same words on their own tickets, in Hindi when that is their language.
      const hindi = await (await b.newContext({ locale: "hi-IN", viewport })).newPage();
      await signedIn(hindi, "mentor", mentor.email, `${mentor.firstName} ${mentor.lastName}`);
      await hindi.goto("/mentors/tickets");
      const own = hindi.getByText(/परिचय कॉल की उपस्थिति पर आपत्ति/);
      await own.waitFor();
      expect(await own.innerText()).toMatch(/"दोनों शामिल नहीं हुए" के रूप में दर्ज है। I waited in the room\.$/);
    });
  }
});
