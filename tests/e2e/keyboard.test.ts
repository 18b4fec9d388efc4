import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn } from "../support/accounts";
import { rest } from "../support/api";
import { seedSession, toasts, useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { createEnrollment, createModerator } from "../support/moderation";
import { liveSlotsOf, mentorDay, people, showDay } from "../support/scheduler-page";

/**
 * What was mouse-first, done with the keyboard alone in Chromium: Tab to move, Enter or
 * Space to act, Escape to close; and a closed dialog gives the focus back to what opened it.
 */
const b = useBrowser({ timezoneId: "Europe/London", locale: "en-US" });

/** The focused element's accessible name (its aria-label, else its text), and its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelled = (el as HTMLInputElement | null)?.labels?.[0]?.innerText;
    return {
      name: (el?.getAttribute("aria-label") ?? labelled ?? el?.innerText ?? "").trim(),
      tag: el?.tagName.toLowerCase() ?? "",
      id: el?.id ?? "",
    };
  });

/** Presses Tab until the focus is on an element whose name matches, failing after `max` presses (it is not reachable). */
async function tabTo(page: Page, name: RegExp | string, max = 80): Promise<void> {
  const matches = (text: string) => (typeof name === "string" ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (matches((await focused(page)).name)) return;
  }
  throw new Error(`${String(name)} was not reached with ${max} presses of Tab`);
}

describe("keyboard alone", () => {
  it("the scheduler: add a slot, open it from the calendar, close it (focus back on it), delete it", async () => {
    const { mentor } = await people();
    const page = b.page;
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler", { waitUntil: "networkidle" });
    await page.locator(".fc-timegrid").waitFor();
    const day = mentorDay(3);

    await tabTo(page, /^Date/);
    // Chromium's date field takes the digits of month, day and year in the page's locale (en-US).
    const [y, m, d] = day.split("-");
    await page.keyboard.type(`${m}${d}${y}`);
    // Tab also steps through a date field's own parts, so on to the next field by its name.
    await tabTo(page, /^Start time/);
    await page.keyboard.type("1130AM");
    await tabTo(page, "Publish slot");
    await page.keyboard.press("Enter");
    await toasts(page, "Slot allocated successfully").waitFor();
    await expect.poll(async () => (await liveSlotsOf(mentor.id)).length).toBe(1);

    // The calendar shows the week of the new slot (paged with its own buttons, which the keyboard reaches too).
    await showDay(page, day);
    const event = page.getByRole("button", { name: /11:30 am: Open\. Open details$/ });
    await event.waitFor();
    await tabTo(page, /11:30 am: Open\. Open details$/, 200);
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: "Slot details" });
    await details.waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    await expect.poll(async () => (await focused(page)).name).toMatch(/11:30 am: Open\. Open details$/);

    await page.keyboard.press("Enter");
    await details.waitFor();
    await tabTo(page, "Delete slot", 30);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Delete this open slot?" });
    await confirm.waitFor();
    await tabTo(page, "Delete slot", 10);
    await page.keyboard.press("Enter");
    await toasts(page, "Slot Deleted").waitFor();
    expect(await liveSlotsOf(mentor.id)).toEqual([]);
  });

  it("chat: the composer sends with Enter and keeps the focus; the conversation list is reached with Tab", async () => {
    const mentor = await createMentor();
    const mentee = await createMentee();
    await createEnrollment(mentee.id, mentor.id);
    const page = b.page;
    const tokens = await signInInto(page, "mentee", mentee);
    const opened = await rest("POST", "/api/chats/messages", {
      token: tokens.accessToken,
      body: { menteeId: mentee.id, mentorId: mentor.id },
    });
    expect(opened.status).toBeLessThan(300);
    const conversationId = (opened.body.conversations as { _id: string })._id;
    await rest("POST", `/api/chats/mentee-messages/${conversationId}`, {
      token: tokens.accessToken,
      body: { message: "Hello", sender: mentee.id },
    });
    await page.goto("/mentees/connect/inbox", { waitUntil: "networkidle" });
    const other = `${mentor.firstName} ${mentor.lastName}`;
    await tabTo(page, new RegExp(other));
    await page.keyboard.press("Enter");
    const box = page.getByLabel("Message", { exact: true });
    await box.waitFor();
    await tabTo(page, "Message", 40);
    await page.keyboard.type("Sent from the keyboard");
    await page.keyboard.press("Enter");
    await page.getByText("Sent from the keyboard").first().waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("a moderator's dialog opens from the keyboard and gives the focus back to its button when closed", async () => {
    const moderator = await createModerator();
    const applicant = await createMentor({
      status: "pending",
      firstName: "Keyboard",
      lastName: `Applicant${crypto.randomUUID().slice(0, 4)}`,
    });
    const name = `${applicant.firstName} ${applicant.lastName}`;
    const page = b.page;
    const tokens = await signIn("moderator", moderator.email);
    await seedSession(page, "moderator", { ...tokens, name: "Moderator" });
    await page.goto("/moderator/mentor-applicants", { waitUntil: "networkidle" });
    await tabTo(page, /Search/);
    await page.keyboard.type(applicant.lastName);
    await page.keyboard.press("Enter");
    await page.getByLabel(`Application of ${name}`).waitFor();
    await tabTo(page, `Reject ${name}`);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Reject ${name}'s application?` });
    await dialog.waitFor();
    // Inside the dialog the focus stays in it; Escape closes it and the focus is back on "Reject <name>".
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await focused(page)).name).toBe(`Reject ${name}`);
  });
});
