import { describe, expect, it } from "vitest";
import { formatRupees } from "../../src/platform/money";
import { monthIn, monthStart } from "../../worker/payouts/earnings-view";
import { createMentee, createMentor } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { insertEarning } from "../support/earnings";
import { signInInto } from "../support/find-mentor";

/**
 * A payment whose dispute the mentee's bank won, on the mentor's Earnings page: the month's payments get a "Lost to
 * disputes" column as the months have, every row adds up (gross - refunded - lost - fee = net) and the lost one says
 * "Dispute lost", a final status; a won dispute reads as the payment did before it. Wide, on a phone and in Hindi.
 */
const ZONE = "Asia/Kolkata";
const b = useBrowser({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, "")) * 100;

describe("earnings with a lost dispute", () => {
  it("shows the loss in its own column and a final status, so each payment's row adds up", async () => {
    const page = b.page;
    const tag = crypto.randomUUID().slice(0, 6);
    const mentor = await createMentor({ firstName: "Dev", lastName: `Disputed${tag}`, timeZone: ZONE });
    const [lost, won] = await Promise.all([
      createMentee({ firstName: "Lata", lastName: `Lost${tag}` }),
      createMentee({ firstName: "Wasim", lastName: `Won${tag}` }),
    ]);
    const now = new Date();
    const paidAt = new Date(Math.floor((monthStart(monthIn(ZONE, now), ZONE).getTime() + now.getTime()) / 2));
    // ₹4,000 taken back for good by the bank (the ledger as the dispute webhook leaves it), and ₹8,000 whose dispute he won.
    await insertEarning(mentor.id, lost.id, {
      paidAt,
      grossPaise: 400_000,
      disputeId: `dp_t_${tag}`,
      disputeStatus: "lost",
      reversedPaise: 320_000,
      feeRefundedPaise: 80_000,
    });
    await insertEarning(mentor.id, won.id, { paidAt: new Date(paidAt.getTime() + 60_000), disputeId: `dp_w_${tag}`, disputeStatus: "won" });

    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/earnings");
    const table = page.getByTestId("earning-lines").getByRole("table");
    await table.waitFor();
    const headers = (await table.getByRole("columnheader").allInnerTexts()).map((t) => t.trim());
    expect(headers.slice(4)).toEqual(["Gross", "Refunded", "Lost to disputes", "Fee", "Net", "Status"]);
    const cells = async (name: string) =>
      (await table.getByRole("row").filter({ hasText: name }).getByRole("cell").allInnerTexts()).map((t) => t.trim());
    const lostRow = await cells(`Lata Lost${tag}`);
    expect(lostRow.slice(3)).toEqual([
      formatRupees(400_000),
      formatRupees(0),
      formatRupees(400_000),
      formatRupees(0),
      formatRupees(0),
      "Dispute lost",
    ]);
    const wonRow = await cells(`Wasim Won${tag}`);
    expect(wonRow.slice(3)).toEqual([
      formatRupees(800_000),
      formatRupees(0),
      formatRupees(0),
      formatRupees(160_000),
      formatRupees(640_000),
      "Transferred",
    ]);
    for (const row of [lostRow, wonRow]) {
      const [gross, refunded, lostPart, fee, net] = row.slice(3, 8).map(rupees);
      expect(gross - refunded - lostPart - fee).toBe(net);
    }

    // A phone: the same figures as cards, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const card = page
      .getByTestId("earning-lines")
      .getByRole("listitem")
      .filter({ hasText: `Lata Lost${tag}` });
    await card.waitFor();
    expect(await card.innerText()).toMatch(new RegExp(`Lost to disputes\\s*${formatRupees(400_000)}.*Dispute lost`, "s"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // In Hindi, the column and the status in Hindi words.
    await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    const hindi = page.getByTestId("earning-lines").getByRole("table");
    await hindi.waitFor();
    expect(await hindi.innerText()).toContain("विवादों में गया");
    expect(await hindi.innerText()).toContain("विवाद हारा");
    expect(await hindi.innerText()).not.toContain("Dispute lost");
  });
});
