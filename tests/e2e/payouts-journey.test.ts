import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { earnings, enrollments, payoutAccounts, payouts } from "../../db/schema";
import { platformFeePaise } from "../../shared/payouts";
import { formatRupees } from "../../src/platform/money";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { useBrowser, waitForPath } from "../support/browser";
import { signInInto } from "../support/find-mentor";

/**
 * The payouts journey (ADR 0024) in Chromium with the local Stripe (no key, no network):
 * a new mentor connects his payout account on the local onboarding page, a mentee subscribes and
 * pays, the mentor's Earnings page shows the payment split (the platform's 20 %, his share), and a
 * payout made from the local Express dashboard shows as paid.
 */
const TIME_ZONE = "Asia/Kolkata";
const FEE_PERCENT = 20;
const b = useBrowser({ timezoneId: TIME_ZONE });
const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** The page that opens from a click: a new tab if the click opened one, else the same page after it navigated. */
async function pageOpenedBy(page: Page, click: () => Promise<void>, urlPattern: RegExp): Promise<Page> {
  const popup = page
    .context()
    .waitForEvent("page", { timeout: 15_000 })
    .catch(() => null);
  const sameTab = page
    .waitForURL(urlPattern, { timeout: 15_000 })
    .then(() => page)
    .catch(() => null);
  await click();
  const opened = await Promise.race([popup.then((p) => p ?? sameTab), sameTab.then((p) => p ?? popup)]);
  if (!opened) throw new Error(`no page opened at ${urlPattern}`);
  await opened.waitForURL(urlPattern);
  return opened;
}

describe("payouts journey", () => {
  it("a new mentor connects his payout account, a mentee pays, Earnings shows the split, and a payout from the dashboard shows as paid", async () => {
    const page = b.page;
    const hourlyRatePaise = 185_000;
    const mentor = await createMentor({ firstName: "Kiran", lastName: "Payout", hourlyRatePaise, timeZone: TIME_ZONE });
    const mentee = await createMentee({ firstName: "Leela", lastName: "Subscriber" });
    // The plan is four one-hour calls a month; the platform keeps its percent, the mentor the rest.
    const grossPaise = 4 * hourlyRatePaise;
    const feePaise = platformFeePaise(grossPaise, FEE_PERCENT);
    const netPaise = grossPaise - feePaise;
    expect([grossPaise, feePaise, netPaise]).toEqual([740_000, 148_000, 592_000]);

    // 1. Earnings before onboarding: nothing connected yet.
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/earnings");
    await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();
    await page.getByText("Connect a payout account to receive your earnings").first().waitFor();
    await page.getByRole("button", { name: "Connect payout account" }).click();

    // 2. The local onboarding page (Stripe's hosted onboarding stand-in): a test bank account.
    await page.waitForURL(/\/dev\/stripe\/connect\/acct_/);
    const accountId = new URL(page.url()).pathname.split("/").pop()!;
    const [started] = await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentor.id));
    expect(started.stripeAccountId).toBe(accountId);
    expect(started.payoutsEnabled).toBe(false);
    await page.getByText("Add a test bank account").first().waitFor();
    await page.getByLabel(/account holder/i).fill(fullName(mentor));
    await page.getByLabel(/IFSC/i).fill("HDFC0000001");
    await page.getByLabel(/account number/i).fill("000123456789");
    await page.getByRole("button", { name: "Submit" }).click();

    // 3. Back on Earnings: the account is read from Stripe and is ready; the query string is cleaned.
    await waitForPath(page, "/mentors/earnings", 15_000);
    await page.getByRole("button", { name: "Open Stripe dashboard" }).waitFor();
    expect(await page.getByRole("button", { name: "Connect payout account" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue onboarding" }).count()).toBe(0);
    await page.getByText("Ready: your share goes straight to your account").waitFor();
    expect(await page.locator("main").innerText()).not.toContain("Connect a payout account to receive your earnings");
    await expect
      .poll(async () => (await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentor.id)))[0])
      .toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: "[]" });

    // 4. A mentee subscribes and pays with Stripe's test card.
    const menteePage = await b.newContext().then((c) => c.newPage());
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await menteePage.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    await menteePage.getByRole("button", { name: "Subscribe", exact: true }).click();
    await menteePage.getByRole("heading", { name: `Mentorship with ${fullName(mentor)}` }).waitFor();
    expect(await menteePage.locator("body").innerText()).toContain(formatRupees(grossPaise));
    await menteePage.getByLabel("Card number").fill("4242 4242 4242 4242");
    await menteePage.getByRole("button", { name: /^Pay / }).click();
    await menteePage.waitForURL(/\/mentees\/payment\/success\/cs_test_/);
    await menteePage.getByRole("heading", { name: `You are subscribed to ${fullName(mentor)}` }).waitFor();

    // The ledger has the payment as a destination charge: the fee went to the platform, his share with the charge.
    const [enrollment] = await testDb()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, mentee.id), eq(enrollments.mentorId, mentor.id)));
    expect(enrollment.status).toBe("active");
    const [line] = await testDb().select().from(earnings).where(eq(earnings.enrollmentId, enrollment.id));
    expect(line).toMatchObject({ grossPaise, feePaise, netPaise, route: "destination", mentorId: mentor.id });

    // 5. His Earnings page: this month's summary and the payment's line with the fee and his net.
    await page.reload();
    await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();
    const main = page.locator("main");
    await main.getByText(fullName(mentee)).first().waitFor();
    const mainText = await main.innerText();
    expect(mainText).toContain(`Platform fee (${FEE_PERCENT}%)`);
    // Whether drawn as a table row (wide screens) or a card (phones), the line is the one visible row or item naming her.
    const payments = main.getByRole("region", { name: /^Payments in / });
    const paymentLine = payments
      .getByRole("row")
      .or(payments.getByRole("listitem"))
      .filter({ hasText: fullName(mentee) });
    expect(await paymentLine.count()).toBe(1);
    const lineText = await paymentLine.innerText();
    for (const amount of [grossPaise, feePaise, netPaise]) expect(lineText).toContain(formatRupees(amount));
    expect(lineText).toContain("Transferred");
    expect(lineText).not.toMatch(/held|refunded/i);

    // 6. The Express dashboard stand-in: his balance is his share; he pays it out now.
    const dashboard = await pageOpenedBy(
      page,
      () => page.getByRole("button", { name: "Open Stripe dashboard" }).click(),
      /\/dev\/stripe\/express\/acct_/,
    );
    expect(new URL(dashboard.url()).pathname).toBe(`/dev/stripe/express/${accountId}`);
    expect(await dashboard.locator("body").innerText()).toContain(formatRupees(netPaise));
    await dashboard.getByRole("button", { name: "Pay out now" }).click();
    await expect
      .poll(
        async () =>
          (await testDb().select().from(payouts).where(eq(payouts.mentorId, mentor.id))).map((p) => ({
            amountPaise: p.amountPaise,
            status: p.status,
            stripeAccountId: p.stripeAccountId,
          })),
        { timeout: 15_000 },
      )
      .toEqual([{ amountPaise: netPaise, status: "paid", stripeAccountId: accountId }]);

    // 7. Earnings lists the payout as paid, among the past payouts (none upcoming).
    if (dashboard !== page) await page.bringToFront();
    await page.goto("/mentors/earnings");
    const past = page.getByRole("region", { name: "Past payouts" });
    const payoutRow = past
      .getByRole("row")
      .or(past.getByRole("listitem"))
      .filter({ hasText: formatRupees(netPaise) });
    await payoutRow.waitFor();
    expect(await payoutRow.innerText()).toContain("Paid");
    const upcoming = page.getByRole("region", { name: "Upcoming payouts" });
    expect(await upcoming.innerText()).toContain("No payouts on their way.");
  });
});
