import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { earnings, payoutAccounts } from "../../db/schema";
import { formatRupees } from "../../src/platform/money";
import { addMonths, monthIn, monthStart } from "../../worker/payouts/earnings-view";
import { createMentee, createMentor, sessionFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { seedSession, toasts, useBrowser, waitForPath } from "../support/browser";
import { insertEarning, insertPayout, insertRefundablePayment } from "../support/earnings";
import { signInInto } from "../support/find-mentor";
import { createModerator } from "../support/moderation";

/**
 * Mentors' payouts in Chromium (ADR 0024): a mentor's Earnings page over rows the test writes (this month's split, the
 * months, one month's payments, payouts, the held share, on a wide screen and at 360 px) and his
 * dashboard's payout prompt; the moderator's fee chart and a refund through the mentee's payments. Everyone starts
 * signed in through a seeded session (no sign-in page, no password hash): signing in is not what these tests are about.
 */
const ZONE = "Asia/Kolkata";
const DAY = 24 * 60 * 60 * 1000;
const b = useBrowser({ timezoneId: ZONE, viewport: { width: 1280, height: 900 } });
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** axe's WCAG 2.2 A/AA violations on the page as it is now (the route sweep checks empty pages; these are full ones). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${AXE_SOURCE};0`);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  });
}

describe("earnings", () => {
  it("shows a mentor this month's split, his months, a month's payments and his payouts, and the dashboard sends him to set up payouts", async () => {
    const page = b.page;
    const tag = crypto.randomUUID().slice(0, 6);
    const mentor = await createMentor({ firstName: "Tara", lastName: `Earner${tag}`, timeZone: ZONE });
    const [nisha, omar] = await Promise.all([
      createMentee({ firstName: "Nisha", lastName: `Monthly${tag}` }),
      createMentee({ firstName: "Omar", lastName: `Lastmonth${tag}` }),
    ]);
    const now = new Date();
    const thisMonth = monthIn(ZONE, now);
    const lastMonth = addMonths(thisMonth, -1);
    const startOfMonth = monthStart(thisMonth, ZONE).getTime();
    const midMonth = new Date(Math.floor((startOfMonth + now.getTime()) / 2));
    // This month: ₹8,000 moved with the charge, and ₹5,000 whose share (₹4,000) waits for his payout account.
    await insertEarning(mentor.id, nisha.id, { paidAt: midMonth });
    await insertEarning(mentor.id, nisha.id, { paidAt: new Date(midMonth.getTime() + 60_000), grossPaise: 500_000, route: "held" });
    // Last month: ₹8,000, refunded in full.
    await insertEarning(mentor.id, omar.id, {
      paidAt: new Date(monthStart(lastMonth, ZONE).getTime() + 3 * DAY),
      refundedPaise: 800_000,
      reversedPaise: 640_000,
      feeRefundedPaise: 160_000,
    });
    await insertPayout(mentor.id, { status: "in_transit", arrivalDate: new Date(now.getTime() + 2 * DAY), amountPaise: 640_000 });
    await insertPayout(mentor.id, {
      status: "failed",
      arrivalDate: new Date(now.getTime() - 5 * DAY),
      amountPaise: 300_000,
      failureMessage: "The bank account could not be found.",
    });
    await insertPayout(mentor.id, { status: "paid", arrivalDate: new Date(now.getTime() - 12 * DAY), amountPaise: 500_000 });

    await signInInto(page, "mentor", mentor);
    // The dashboard: not ready, so the next step, what waits, and the way to Earnings.
    await page.goto("/mentors");
    expect(await page.getByTestId("new-enrollments").innerText()).toContain("1 new enrollment in the last 30 days.");
    const prompt = page.getByTestId("payout-prompt");
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain("Connect a payout account to receive your earnings");
    expect(await prompt.innerText()).toContain(`${formatRupees(400_000)} is waiting for you`);
    await page.getByRole("navigation", { name: "Mentor navigation" }).getByRole("link", { name: "Earnings" }).waitFor();
    await prompt.getByRole("link", { name: "Set up payouts" }).click();
    await waitForPath(page, "/mentors/earnings");
    await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();

    // The payout account: not connected, with the held share.
    const account = page.getByRole("region", { name: "Payout account" });
    await account.getByText("Not connected").waitFor();
    await account.getByRole("button", { name: "Connect payout account" }).waitFor();
    expect(await account.getByTestId("held-amount").innerText()).toBe(`${formatRupees(400_000)} waiting for your payout account`);

    // This month: ₹13,000 gross, ₹2,600 fee, ₹10,400 his.
    const summary = page.getByRole("region", { name: `This month: ${monthName(thisMonth)}` });
    const figures = await summary.getByTestId("month-summary").innerText();
    expect(figures).toContain(`Gross\n${formatRupees(1_300_000)}`);
    expect(figures).toContain(`Platform fee (20%)\n${formatRupees(260_000)}`);
    expect(figures).toContain(`Net\n${formatRupees(1_040_000)}`);

    // Twelve months, this one and last one with their totals.
    const months = page.getByRole("table", { name: "Earnings per month, newest first" });
    expect(await months.getByRole("row").count()).toBe(13);
    const cellsOf = async (month: string) =>
      (
        await months
          .getByRole("row", { name: new RegExp(`^${monthName(month)}`) })
          .getByRole("cell")
          .allInnerTexts()
      ).map((t) => t.trim());
    // Left to right as they add up: gross, refunded, fee, net.
    expect((await months.getByRole("columnheader").allInnerTexts()).map((t) => t.trim()).slice(0, 5)).toEqual([
      "Month",
      "Gross",
      "Refunded",
      "Fee",
      "Net",
    ]);
    expect((await cellsOf(thisMonth)).slice(0, 4)).toEqual([
      formatRupees(1_300_000),
      formatRupees(0),
      formatRupees(260_000),
      formatRupees(1_040_000),
    ]);
    expect((await cellsOf(lastMonth)).slice(0, 4)).toEqual([
      formatRupees(800_000),
      formatRupees(800_000),
      formatRupees(0),
      formatRupees(0),
    ]);
    // Nisha's first payment is the one new enrollment, as the dashboard said; her second is a renewal, Omar's was refunded in full.
    expect(await summary.getByTestId("new-enrollments").innerText()).toContain("1 new enrollment in the last 30 days.");

    // This month's payments: both of Nisha's, newest first.
    const payments = page.getByRole("region", { name: `Payments in ${monthName(thisMonth)}` });
    const rows = payments
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: fullName(nisha) });
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(
      new RegExp(`Renewal.*${formatRupees(500_000)}.*${formatRupees(0)}.*${formatRupees(100_000)}.*${formatRupees(400_000)}.*Held`, "s"),
    );
    expect(await rows.nth(1).innerText()).toMatch(
      new RegExp(
        `New subscription.*${formatRupees(800_000)}.*${formatRupees(0)}.*${formatRupees(160_000)}.*${formatRupees(640_000)}.*Transferred`,
        "s",
      ),
    );

    // Last month, chosen from the table: Omar's refunded payment.
    await months.getByRole("link", { name: `Show 1 payment of ${monthName(lastMonth)}` }).click();
    await waitForPath(page, `/mentors/earnings?month=${lastMonth}`);
    const last = page.getByRole("region", { name: `Payments in ${monthName(lastMonth)}` });
    const omarRow = last
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: fullName(omar) });
    await omarRow.waitFor();
    expect(await omarRow.innerText()).toContain("Refunded");
    expect(
      await months.getByRole("link", { name: `Payments of ${monthName(lastMonth)}: Shown below` }).getAttribute("aria-current"),
    ).toBeTruthy();
    expect(await axeViolations(page)).toEqual([]);

    // Payouts: the one on its way; past ones newest first, the failed one saying why.
    const upcoming = page.getByRole("region", { name: "Upcoming payouts" }).getByRole("table").getByRole("row");
    expect(await upcoming.count()).toBe(2);
    expect(await upcoming.nth(1).innerText()).toMatch(new RegExp(`${formatRupees(640_000)}.*On its way`, "s"));
    const past = page.getByRole("region", { name: "Past payouts" }).getByRole("table").getByRole("row");
    expect(await past.count()).toBe(3);
    expect(await past.nth(1).innerText()).toMatch(
      new RegExp(`${formatRupees(300_000)}.*Failed.*The bank account could not be found.`, "s"),
    );
    expect(await past.nth(2).innerText()).toMatch(new RegExp(`${formatRupees(500_000)}.*Paid`, "s"));

    // A phone: the same page as cards, nothing wider than the screen (the tables and the cards are one page, shown by the
    // width alone, so the page as it stands is turned to 360 px).
    await page.setViewportSize({ width: 360, height: 740 });
    const phoneLast = page.getByRole("region", { name: `Payments in ${monthName(lastMonth)}` });
    const card = phoneLast.getByRole("list", { name: `Payments of ${monthName(lastMonth)}` }).getByRole("listitem");
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.innerText()).toContain(fullName(omar));
    expect(await page.getByRole("table").count()).toBe(0);
    // The months as cards: only this month and last month (the others had no payments), saying so.
    const monthCards = page.getByRole("list", { name: "Earnings per month, newest first" }).getByRole("listitem");
    expect((await monthCards.allInnerTexts()).map((t) => t.match(/Month\s+(\S+ \d{4})/)?.[1])).toEqual([
      monthName(thisMonth),
      monthName(lastMonth),
    ]);
    await page.getByText("Months without payments are left out.").waitFor();
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows a mentor with no payments the empty state", async () => {
    const page = b.page;
    const mentor = await createMentor({ timeZone: ZONE });
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/earnings");
    await page.getByText("No payments yet. When a mentee subscribes, the payment and your share show here.").waitFor();
    expect(await page.getByRole("region", { name: "Past payouts" }).innerText()).toContain("No payouts yet.");
  });

  it("says when the earnings cannot be loaded, and Retry loads them", async () => {
    const page = b.page;
    const mentor = await createMentor({ timeZone: ZONE });
    const mentee = await createMentee();
    // A minute ago, but in this month where he lives (the page opens on it), even in its first minute.
    const now = new Date();
    const paidAt = new Date(Math.max(now.getTime() - 60_000, monthStart(monthIn(ZONE, now), ZONE).getTime() + 1_000));
    await insertEarning(mentor.id, mentee.id, { paidAt });
    await signInInto(page, "mentor", mentor);
    let failing = true;
    await page.route(/\/trpc\/payouts\.earnings/, (route) =>
      failing ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" }) : route.fallback(),
    );
    await page.goto("/mentors/earnings");
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load your earnings" });
    await alert.waitFor({ timeout: 20_000 });
    failing = false;
    await alert.getByRole("button", { name: "Retry" }).click();
    await page
      .getByRole("table")
      .filter({ hasText: fullName(mentee) })
      .waitFor();
  });

  it("after Stripe's return reads the account once and cleans the address; an expired onboarding link (or a crafted one) starts nothing until he presses the button", async () => {
    const page = b.page;
    const mentor = await createMentor({ timeZone: ZONE });
    await signInInto(page, "mentor", mentor);
    let refreshes = 0;
    page.on("request", (request) => {
      if (request.url().includes("payouts.refreshAccount")) refreshes++;
    });
    // Back from Stripe without an account yet: the state is read (still none) and said in a toast; the query string goes.
    await page.goto("/mentors/earnings?onboarding=return");
    await toasts(page, "Connect a payout account to receive your earnings").first().waitFor();
    await waitForPath(page, "/mentors/earnings");
    await page.getByRole("button", { name: "Connect payout account" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(refreshes).toBe(1);
    // Stripe's refresh_url (the link expired), or a link from anywhere made to look like it: only read, nothing started.
    await page.goto("/mentors/earnings?onboarding=refresh");
    await toasts(page, "Stripe's onboarding link has expired").first().waitFor();
    await waitForPath(page, "/mentors/earnings");
    const connect = page.getByRole("button", { name: "Connect payout account" });
    await connect.waitFor();
    await page.waitForLoadState("networkidle");
    expect(refreshes).toBe(2);
    expect(await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentor.id))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/mentors/earnings");
    // His own press starts it: a new onboarding link, and on to it.
    await connect.click();
    await page.waitForURL(/\/dev\/stripe\/connect\/acct_/, { timeout: 15_000 });
    const [row] = await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentor.id));
    expect(new URL(page.url()).pathname).toBe(`/dev/stripe/connect/${row.stripeAccountId}`);
  });

  it("shows the moderator the fee chart and refunds part of a payment through the mentee's payments", async () => {
    const page = b.page;
    const tag = crypto.randomUUID().slice(0, 6);
    const moderator = await createModerator();
    const mentor = await createMentor({ firstName: "Ravi", lastName: `Refundee${tag}` });
    const mentee = await createMentee({ firstName: "Meena", lastName: `Refund${tag}` });
    const payment = await insertRefundablePayment(mentor.id, mentee.id, { paidAt: new Date(Date.now() - 2 * DAY) });
    const tokens = await sessionFor("moderator", moderator.email);
    await seedSession(page, "moderator", { ...tokens, name: fullName(moderator) });

    // The home's third chart, in rupees, with the platform's fees of the last 30 days.
    // The platform's fees: other files' payments can land while the page reads them, so the page's total is the one
    // read before it opened, the one read after it drew, or (when a payment landed between) one in between.
    const feesNow = async () =>
      (await trpc(tokens.accessToken).moderation.feeRevenuePerDay.query({ timeZone: ZONE })).reduce((sum, d) => sum + d.feePaise, 0);
    const before = await feesNow();
    expect(before).toBeGreaterThanOrEqual(160_000);
    await page.goto("/moderator");
    const chart = page.getByRole("figure", { name: "Platform fees per day (last 30 days)" });
    // Drawn when it comes near the screen: she scrolls to it.
    await chart.scrollIntoViewIfNeeded();
    await chart.locator("svg").first().waitFor();
    const after = await feesNow();
    const shown = (await chart.innerText()).match(/(₹[\d,]+(?:\.\d+)?) in 30 days/)?.[1];
    if (before === after) expect(shown).toBe(formatRupees(before));
    else {
      const shownPaise = Number(shown?.replace(/[₹,]/g, "")) * 100;
      expect(shownPaise).toBeGreaterThanOrEqual(before - 100);
      expect(shownPaise).toBeLessThanOrEqual(after + 100);
    }

    // Her payments, from the mentees list, reached from the home and searched by her e-mail.
    await page.getByRole("main").getByRole("link", { name: "Mentees List" }).click();
    await page.waitForURL((url) => url.pathname === "/moderator/mentees-list");
    const search = page.getByLabel("Search by name or e-mail");
    await search.fill(mentee.email);
    await search.press("Enter");
    await page.getByRole("button", { name: `Payments of ${fullName(mentee)}` }).click();
    const dialog = page.getByRole("dialog", { name: `Payments of ${fullName(mentee)}` });
    await dialog.getByText(`${formatRupees(800_000)} to ${fullName(mentor)}`).waitFor();
    await dialog.getByRole("button", { name: /^Refund / }).click();

    // The confirm step: the amount defaults to what is left; a reason is required.
    const confirm = page.getByRole("dialog", { name: `Refund ${fullName(mentee)}?` });
    expect(await axeViolations(page)).toEqual([]);
    const amount = confirm.getByLabel("Amount (₹)");
    expect(await amount.inputValue()).toBe("8000");
    await amount.fill("9000");
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.getByText(`At most ${formatRupees(800_000)} is left to refund`).waitFor();
    await confirm.getByText("Please give a reason (at least 3 characters)").waitFor();
    await amount.fill("2500");
    await confirm.getByLabel("Reason").fill("Two sessions were missed");
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();

    await toasts(page, `Refunded ${formatRupees(250_000)} to ${fullName(mentee)}`)
      .first()
      .waitFor();
    await dialog.getByText(`${formatRupees(250_000)} refunded`).waitFor();
    expect(await dialog.innerText()).toContain("Partly refunded");
    // The ledger: a quarter given back, the mentor's share and the fee in proportion (held, not transferred: nothing to reverse at Stripe).
    const [row] = await testDb().select().from(earnings).where(eq(earnings.id, payment.id));
    expect(row).toMatchObject({ refundedPaise: 250_000, reversedPaise: 200_000, feeRefundedPaise: 50_000 });
  });
});

describe("a refund the server refuses", () => {
  it("is explained in words in the dialog, which stays open", async () => {
    const page = b.page;
    const moderator = await createModerator();
    const [mentor, mentee] = await Promise.all([createMentor(), createMentee()]);
    // No card payment on record (no PaymentIntent): the refund service refuses it.
    await insertEarning(mentor.id, mentee.id, { paidAt: new Date(Date.now() - DAY) });
    const tokens = await sessionFor("moderator", moderator.email);
    await seedSession(page, "moderator", { ...tokens, name: fullName(moderator) });
    await page.goto(`/moderator/mentees-list?search=${encodeURIComponent(mentee.email)}`);
    await page.getByRole("button", { name: `Payments of ${fullName(mentee)}` }).click();
    await page
      .getByRole("dialog", { name: `Payments of ${fullName(mentee)}` })
      .getByRole("button", { name: /^Refund / })
      .click();
    const confirm = page.getByRole("dialog", { name: `Refund ${fullName(mentee)}?` });
    await confirm.getByLabel("Reason").fill("Charged twice");
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.getByRole("alert").filter({ hasText: "no card payment on record" }).waitFor();
    expect(await confirm.getByRole("button", { name: "Refund", exact: true }).isEnabled()).toBe(true);
  });
});
