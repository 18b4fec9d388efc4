import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingEvents, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { dayCellDate, fixedZoneWallClock, inZone, pickDay, pickTime, scrollWidth } from "../support/booking";
import { toasts, useBrowser } from "../support/browser";
import { enroll, signInInto } from "../support/find-mentor";

/**
 * Booking like Cal.com in Chromium (ADR 0023), with accounts of its own: a mentee in New York picks a
 * day on the month calendar, a time, writes what she wants to discuss and confirms (a double click
 * books once), lands on "You're booked", and the mentor (Kolkata) reads her agenda; she reschedules
 * in place, cancels after a confirmation with a reason, answers the mentor's request to move a
 * session, and every screen fits 360 px. Every slot starts more than 12 hours ahead (the default notice).
 */
const MENTOR_ZONE = "Asia/Kolkata";
const MENTEE_ZONE = "America/New_York";
const DAY = 24 * 60 * 60 * 1000;

const b = useBrowser({ timezoneId: MENTEE_ZONE });

/** A Kolkata calendar day `days` from today. */
const mentorDay = (days: number) => inZone(new Date(Date.now() + days * DAY), MENTOR_ZONE).iso;
const at = (days: number, time: string) => fixedZoneWallClock(mentorDay(days), time, MENTOR_ZONE);

async function people() {
  const tag = crypto.randomUUID().slice(0, 4);
  const mentor = await createMentor({ firstName: "Arjun", lastName: `Mehta${tag}`, timeZone: MENTOR_ZONE });
  const mentee = await createMentee({ firstName: "Lena", lastName: `Park${tag}`, timeZone: MENTEE_ZONE });
  await enroll(mentee.id, mentor.id, "active");
  // Sessions made directly (no password hash in the Worker): signing in is not what these tests are about.
  const mentorToken = await accessTokenFor("mentor", mentor.id);
  const menteeToken = await accessTokenFor("mentee", mentee.id);
  const publish = async (start: Date, weeks = 1) =>
    (await trpc(mentorToken).scheduling.publish.mutate({ slotDetails: { start: start.toISOString(), weeks } }))[0].id;
  return { mentor, mentee, mentorToken, menteeToken, publish };
}

const slotRow = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];
const bookedRowsOf = (menteeId: string) =>
  testDb()
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked")));

describe("booking flow", () => {
  it("she books day, time, agenda, Confirm (a double click books once), lands on 'You're booked', and the mentor in Kolkata reads her agenda", async () => {
    const { mentor, mentee, publish } = await people();
    const start = at(2, "19:30");
    const slotId = await publish(start);
    await publish(at(2, "20:30"));
    const page = b.page;
    await signInInto(page, "mentee", mentee);

    // Schedules without a mentor: his next open times, in her zone.
    await page.goto("/mentees/schedules");
    const seen = inZone(start, MENTEE_ZONE);
    await page
      .getByTestId("next-available")
      .filter({ hasText: `Next available: ${seen.date} · ${seen.time}` })
      .waitFor();
    await page.getByRole("link", { name: new RegExp(mentor.lastName) }).click();
    await page.getByTestId("calls-left").filter({ hasText: "4 of 4 calls left this period" }).waitFor();

    // Day, then time; the confirm step names both zones.
    await pickDay(page, seen.date);
    await pickTime(page, seen.date, seen.time);
    const confirmStep = page.getByRole("region", { name: "Confirm your session" });
    await confirmStep.waitFor();
    const text = await confirmStep.innerText();
    expect(text).toContain(`${seen.date}, ${seen.time}`);
    expect(text).toContain(`Mentor's time: ${inZone(start, MENTOR_ZONE).date}, 7:30 pm · Asia/Kolkata (GMT+5:30)`);
    expect(text).toContain(`${mentor.firstName} ${mentor.lastName}`);
    const agenda = "Review my portfolio site before interviews";
    await confirmStep.getByLabel("What would you like to discuss?").fill(agenda);

    // A double click sends one booking.
    const bookCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/trpc/scheduling.book") bookCalls.push(r.url());
    });
    await confirmStep.getByRole("button", { name: "Confirm" }).dblclick();
    await page.waitForURL(`**/mentees/booking-confirmed/${slotId}`);
    await page.getByRole("heading", { name: "You're booked" }).waitFor();
    const main = page.locator("main");
    await expect.poll(() => main.innerText()).toContain(`Session with ${mentor.firstName} ${mentor.lastName}`);
    expect(await main.innerText()).toContain(`${seen.date}, ${seen.time}`);
    expect(await page.getByTestId("agenda").innerText()).toBe(agenda);
    await page.getByText("Join opens 10 minutes before the start").waitFor();
    await page.getByRole("button", { name: "Add to calendar (.ics)" }).waitFor();
    await page.getByRole("link", { name: "See your booked slots" }).waitFor();
    expect(bookCalls).toHaveLength(1);
    expect(await toasts(page, "Slot allocation failed").count()).toBe(0);
    const rows = await bookedRowsOf(mentee.id);
    expect(rows.map((r) => [r.id, r.agenda])).toEqual([[slotId, agenda]]);

    // The mentor, in Kolkata, reads the agenda in his notifications, with his own time.
    const mentorContext = await b.newContext({ timezoneId: MENTOR_ZONE });
    const mentorPage = await mentorContext.newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors");
    await mentorPage.getByRole("button", { name: /^Notifications/ }).click();
    const notice = mentorPage.getByRole("menu", { name: "Notifications" }).getByText(`Agenda: ${agenda}`);
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      `${mentee.firstName} ${mentee.lastName} booked a session on ${inZone(start, MENTOR_ZONE).date}, 7:30 pm (Asia/Kolkata)`,
    );
  });

  it("she reschedules to another time: the booking keeps its identity, the old slot opens and the history says 'Moved from … by you'", async () => {
    const { mentee, menteeToken, publish } = await people();
    const from = at(2, "19:30");
    const to = at(3, "18:00");
    const fromId = await publish(from);
    const toId = await publish(to);
    const booked = await trpc(menteeToken).scheduling.book.mutate({ slotId: fromId, agenda: "System design" });
    const page = b.page;
    await signInInto(page, "mentee", mentee);
    // The page never asks for what is no longer hers (the old slot's history was a 403 after a move).
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto("/mentees/booked-slots");
    const upcoming = page.getByRole("region", { name: "Upcoming sessions" });
    const card = upcoming.locator(":scope > ul > li");
    await card.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Pick a new time" });
    const seenTo = inZone(to, MENTEE_ZONE);
    const seenFrom = inZone(from, MENTEE_ZONE);
    await pickDay(dialog, seenTo.date);
    await pickTime(dialog, seenTo.date, seenTo.time);
    await dialog.getByRole("button", { name: "Move my session" }).click();
    await toasts(page, "Session moved").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain(`${seenTo.date}, ${seenTo.time}`);
    await expect
      .poll(() => card.innerText(), { timeout: 10_000 })
      .toContain(`Moved from ${seenFrom.date} · ${seenFrom.time} to ${seenTo.date} · ${seenTo.time} by you`);
    expect(await card.innerText()).toContain("Agenda: System design");
    expect(refused).toEqual([]);

    const [old, moved] = [await slotRow(fromId), await slotRow(toId)];
    expect(old.state).toBe("open");
    expect(old.menteeId).toBeNull();
    expect(moved).toMatchObject({
      state: "booked",
      menteeId: mentee.id,
      bookingId: booked.bookingId,
      sequence: 1,
      agenda: "System design",
    });
  });

  it("cancelling asks first: Keep it leaves the booking; Cancel booking with a reason opens the slot and the reason is kept for the mentor", async () => {
    const { mentee, menteeToken, publish } = await people();
    const slotId = await publish(at(2, "19:30"));
    await trpc(menteeToken).scheduling.book.mutate({ slotId });
    const page = b.page;
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/booked-slots");
    const upcoming = page.getByRole("region", { name: "Upcoming sessions" });
    const cancelButton = upcoming.getByRole("button", { name: "Cancel booking" });

    await cancelButton.click();
    const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await slotRow(slotId)).state).toBe("booked");

    await cancelButton.click();
    const reason = "My exam moved to that evening";
    await dialog.getByLabel(/Your mentor will see this/).fill(reason);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await toasts(page, "Booking cancelled").waitFor();
    await upcoming.getByText("No upcoming sessions.").waitFor();
    expect((await slotRow(slotId)).state).toBe("open");
    const events = await testDb().select().from(bookingEvents).where(eq(bookingEvents.slotId, slotId));
    expect(events.map((e) => [e.kind, e.byRole, e.message])).toEqual([["cancelled", "mentee", reason]]);
  });

  it("the mentor asks to move a session: she sees the banner, can pick a new time, or answers 'I can't make another time' and gets her call back", async () => {
    const { mentor, mentee, mentorToken, menteeToken, publish } = await people();
    const slotId = await publish(at(2, "19:30"));
    await publish(at(3, "18:00"));
    await trpc(menteeToken).scheduling.book.mutate({ slotId });
    const message = "I'm travelling that week";
    await trpc(mentorToken).scheduling.askReschedule.mutate({ slotId, message });

    const page = b.page;
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/booked-slots");
    const card = page.getByRole("region", { name: "Upcoming sessions" }).locator(":scope > ul > li");
    await card.getByText(`${mentor.firstName} ${mentor.lastName} asked to move this session: ${message}`).waitFor();
    await card.getByText(/Your mentor asked to move this session/).waitFor();

    await card.getByRole("button", { name: "Pick a new time" }).click();
    const picker = page.getByRole("dialog", { name: "Pick a new time" });
    await picker.getByRole("grid").waitFor();
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "hidden" });

    await card.getByRole("button", { name: "I can't make another time" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel instead of moving?" });
    await dialog.getByRole("button", { name: "Cancel and get my call back" }).click();
    await toasts(page, "Booking cancelled").waitFor();
    await page.getByRole("region", { name: "Upcoming sessions" }).getByText("No upcoming sessions.").waitFor();
    expect((await slotRow(slotId)).state).toBe("open");
    expect((await trpc(menteeToken).scheduling.mentorSchedule.query({ mentorId: mentor.id })).callsLeft).toBe(4);
  });

  it("at 360 px the calendar, the confirm step with a standing booking, 'You're booked' and the reschedule picker do not scroll sideways", async () => {
    const { mentor, mentee, publish } = await people();
    const start = at(2, "19:30");
    await publish(start, 2);
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/schedules?mentorId=${mentor.id}`);
    const seen = inZone(start, MENTEE_ZONE);
    // From the keyboard: one tab stop on the grid (the first day with open times), arrows move, Enter picks.
    const tabStop = page.getByRole("grid").locator('button[tabindex="0"]');
    expect(await tabStop.getAttribute("aria-label")).toContain(`${dayCellDate(seen.date)}, 1 open time`);
    await tabStop.focus();
    await page.keyboard.press("ArrowRight");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    expect(await focused()).toMatch(/, no open times$/);
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toContain(dayCellDate(seen.date));
    await page.keyboard.press("Enter");
    await page.getByRole("list", { name: `Open times on ${seen.date}` }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await pickTime(page, seen.date, seen.time);
    const confirmStep = page.getByRole("region", { name: "Confirm your session" });
    await confirmStep.getByLabel("Book the same time every week for the rest of my period").check();
    await confirmStep.getByText("2 sessions will be booked:").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    await confirmStep.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "You're booked" }).waitFor();
    const booked = page.getByRole("list", { name: "Booked weeks" }).getByRole("listitem");
    await expect.poll(() => booked.count()).toBe(2);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await bookedRowsOf(mentee.id)).toHaveLength(2);

    await page.getByRole("link", { name: "See your booked slots" }).click();
    await page.getByRole("region", { name: "Upcoming sessions" }).getByRole("button", { name: "Reschedule" }).first().click();
    await page.getByRole("dialog", { name: "Pick a new time" }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  });
});
