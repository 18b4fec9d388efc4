import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { actionCount, useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";

/**
 * Subscribe and pay in Chromium with the built-in local Stripe (no key, no network): the Subscribe
 * button, the local test checkout with Stripe's test cards, the success and failed pages, and
 * cancelling at the period end from the subscriptions page.
 */
const TIME_ZONE = "Asia/Kolkata";
const b = useBrowser({ timezoneId: TIME_ZONE });
const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;
const pairRows = (menteeId: string, mentorId: string) =>
  testDb()
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)));

/** "March 5th 2025" in the browser's zone (SPEC §9's 'MMMM Do YYYY'). */
function longDateIn(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const day = Number(parts.day);
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${parts.month} ${day}${suffix} ${parts.year}`;
}

describe("subscribe and pay", () => {
  it("a mentee subscribes through the local checkout with the test card, lands on the success page, then sees Chat and Schedule", async () => {
    const page = b.page;
    const mentor = await createMentor({ firstName: "Tara", lastName: "Subramanian", hourlyRatePaise: 180_000 });
    const mentee = await createMentee({ firstName: "Ravi", lastName: "Payer" });
    await signInInto(page, "mentee", mentee);

    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("₹7,200 / month, 4 one-hour calls");
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();

    // The local test checkout: mentor, amount, card field, Pay and Cancel.
    await page.getByRole("heading", { name: `Mentorship with ${fullName(mentor)}` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dev\/stripe\/checkout\/cs_test_/);
    expect(await page.locator("body").innerText()).toContain("₹7,200");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();

    await page.waitForURL(/\/mentees\/payment\/success\/cs_test_/);
    await page.getByRole("heading", { name: `You are subscribed to ${fullName(mentor)}` }).waitFor();
    const [row] = await pairRows(mentee.id, mentor.id);
    expect(row.status).toBe("active");
    const success = await page.locator("main").innerText();
    expect(success).toContain(longDateIn(row.currentPeriodEnd!.toISOString(), TIME_ZONE));
    expect(success).toContain("Next steps");

    await page.getByRole("link", { name: `Go to ${fullName(mentor)}'s profile` }).click();
    await page.getByRole("heading", { name: "Your subscription" }).waitFor();
    for (const action of ["Chat", "Schedule"]) expect(await actionCount(page, action)).toBe(1);
    expect(await page.getByRole("button", { name: "Subscribe", exact: true }).count()).toBe(0);

    // The mentor finds her in his list.
    const mentorPage = await b.newContext().then((c) => c.newPage());
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors/subscribed-mentees");
    await mentorPage.getByRole("heading", { level: 2, name: fullName(mentee) }).waitFor();
    expect(await mentorPage.locator("main").innerText()).toContain("1 current subscriber");
  });

  it("a declined card shows the decline message and leads to the failed page; nothing is activated", async () => {
    const page = b.page;
    const mentor = await createMentor();
    const mentee = await createMentee();
    const tokens = await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();

    await page.getByRole("link", { name: "Cancel" }).click();
    await waitForPath(page, "/mentees/payment/failed?reason=card_declined");
    await page.getByRole("heading", { name: "Payment Failed" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("Your card was declined. No money was taken.");
    expect((await pairRows(mentee.id, mentor.id)).map((r) => r.status)).toEqual(["pending"]);
    expect((await trpc(tokens.accessToken).mentors.profile.query({ mentorId: mentor.id })).isEnrollmentActive).toBe(false);

    // The SPEC's default message, and the way home.
    await page.goto("/mentees/payment/failed");
    await page.getByText("An error occurred during the payment process.").waitFor();
    await page.getByRole("link", { name: "Back to home" }).click();
    await waitForPath(page, "/mentees");
  });

  it("she cancels at the period end and sees the end date, on a 360 px screen; then resumes", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 740 });
    const mentor = await createMentor({ firstName: "Omar", lastName: "Siddiqui" });
    const mentee = await createMentee();
    const { accessToken } = await signInInto(page, "mentee", mentee);
    // Subscribed through the API and the local checkout's form, as the first journey does in the browser.
    const { url } = await trpc(accessToken).payments.createCheckout.mutate({ mentorId: mentor.id });
    const paid = await fetch(`${url}/pay`, { method: "POST", body: new URLSearchParams({ card: "4242424242424242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const [row] = await pairRows(mentee.id, mentor.id);
    expect(row.status).toBe("active");
    const endDate = longDateIn(row.currentPeriodEnd!.toISOString(), TIME_ZONE);

    await page.goto("/mentees");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Subscriptions" }).click();
    await waitForPath(page, "/mentees/subscribed-mentors");
    // Her subscription's card (the payments list below names the mentor too).
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: fullName(mentor) }) });
    await card.getByText(`Renews on ${endDate}`).waitFor();
    expect(await card.innerText()).toContain("4 of 4 this period");

    await card.getByRole("button", { name: /Cancel subscription/ }).click();
    await card.getByText(`Ends on ${endDate}`).waitFor();
    expect(await card.getByText("Ending", { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Still a subscriber until then.
    expect((await trpc(accessToken).mentors.profile.query({ mentorId: mentor.id })).isEnrollmentActive).toBe(true);

    // With the keyboard this time (the toasts sit over the bottom of a small screen).
    await card.getByRole("button", { name: "Resume" }).focus();
    await page.keyboard.press("Enter");
    await card.getByText(`Renews on ${endDate}`).waitFor();
    expect((await pairRows(mentee.id, mentor.id))[0].cancelAtPeriodEnd).toBe(false);
  });
});
