import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { createModerator } from "../support/moderation";

/**
 * After paying (local Stripe, no network): the success page's main action books the first call,
 * its next steps are links, and one opens the receipt; a moderator's refund then shows on her
 * Subscriptions page with its amount and date, beside the payment and its receipt, at 1280 and 360 px.
 */
const ZONE = "Asia/Kolkata";
const b = useBrowser({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** "March 5th 2025" in the zone (SPEC §9's 'MMMM Do YYYY'). */
function longDateIn(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = Number(parts.day);
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${parts.month} ${day}${suffix} ${parts.year}`;
}

const pageWidth = (page: typeof b.page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

describe("after paying", () => {
  it("the success page books the first call and links the receipt; a refund shows on Subscriptions with its date, on a wide screen and a phone", async () => {
    const page = b.page;
    const tag = crypto.randomUUID().slice(0, 6);
    const mentor = await createMentor({ firstName: "Tara", lastName: `Receipt${tag}`, hourlyRatePaise: 180_000 });
    const mentee = await createMentee({ firstName: "Ravi", lastName: `Payer${tag}` });
    await signInInto(page, "mentee", mentee);

    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/mentees\/payment\/success\/cs_test_/);
    await page.getByRole("heading", { name: `You are subscribed to ${fullName(mentor)}` }).waitFor();

    // The next steps are links: the first call, chat, the receipt.
    const steps = page.getByTestId("next-steps");
    await steps.getByRole("link", { name: `Book your first call with ${fullName(mentor)}` }).waitFor();
    await steps.getByRole("link", { name: "Say hello to your mentor in Chat" }).waitFor();
    const receiptLink = steps.getByRole("link", { name: "See your receipt" });
    await receiptLink.waitFor();
    // The main action: the mentor's booking page.
    const book = page.getByRole("link", { name: "Book your first call", exact: true });
    expect(await book.getAttribute("href")).toBe(`/mentees/schedules?mentorId=${mentor.id}`);

    await receiptLink.click();
    await page.waitForURL(/\/mentees\/receipts\//);
    const receipt = page.getByTestId("receipt");
    await receipt.getByRole("heading", { name: "Receipt" }).waitFor();
    const [row] = await testDb().select().from(earnings).where(eq(earnings.menteeId, mentee.id));
    const text = await receipt.innerText();
    expect(text).toContain("₹7,200");
    expect(text).toContain(fullName(mentor));
    expect(text).toContain(row.invoiceId);
    expect(text).toContain(longDateIn(row.paidAt, ZONE));
    await receipt.getByRole("button", { name: "Print" }).waitFor();

    // Back to the success page's main action: it opens the booking page.
    await page.goBack();
    await page.getByRole("link", { name: "Book your first call", exact: true }).click();
    await waitForPath(page, `/mentees/schedules?mentorId=${mentor.id}`);
    await page.getByRole("heading", { name: `Book a session with ${fullName(mentor)}` }).waitFor();

    // A moderator refunds ₹1,800 of it: her Subscriptions page lists the payment, the refund and its date.
    const moderator = await createModerator();
    await trpc(moderator.token).moderation.refundPayment.mutate({ earningId: row.id, amountPaise: 180_000, reason: "One call missed" });
    await page.goto("/mentees/subscribed-mentors");
    const payments = page.getByTestId("payments");
    const line = payments
      .getByRole("listitem")
      .filter({ hasText: fullName(mentor) })
      .first();
    await line.waitFor();
    const lineText = await line.innerText();
    expect(lineText).toContain(`₹7,200 to ${fullName(mentor)}`);
    expect(lineText).toContain(`Paid on ${longDateIn(row.paidAt, ZONE)}`);
    expect(lineText).toContain(`Refunded ₹1,800 on ${longDateIn(new Date(), ZONE)}`);
    await line.getByRole("link", { name: /^Receipt/ }).waitFor();

    // A phone: the same list and the receipt, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await payments.getByRole("listitem").first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await line.getByRole("link", { name: /^Receipt/ }).click();
    await page.getByTestId("receipt").getByRole("heading", { name: "Receipt" }).waitFor();
    expect(await page.getByTestId("receipt").innerText()).toContain("₹1,800");
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });
});
