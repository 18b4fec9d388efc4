import { describe, expect, it } from "vitest";
import { paiseToRupeesInput, rupeesToPaise } from "../../src/moderation/refund-amount";
import { addMonths, monthIn, monthStart } from "../../worker/payouts/earnings-view";

/** The Earnings page's months (in the mentor's zone) and the refund dialog's amount field. */
describe("earnings months", () => {
  it("adds and subtracts months across years", () => {
    expect(addMonths("2026-03", -1)).toBe("2026-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-03", -11)).toBe("2025-04");
    expect(addMonths("2026-03", -27)).toBe("2023-12");
  });

  it("starts a month at midnight of the zone, DST included, and reads an instant's month in the zone", () => {
    expect(monthStart("2026-03", "Asia/Kolkata").toISOString()).toBe("2026-02-28T18:30:00.000Z");
    expect(monthStart("2026-03", "UTC").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    // New York: EST (UTC-5) on March 1st, EDT (UTC-4) on April 1st.
    expect(monthStart("2026-03", "America/New_York").toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(monthStart("2026-04", "America/New_York").toISOString()).toBe("2026-04-01T04:00:00.000Z");
    const edge = new Date("2026-02-28T19:00:00Z");
    expect(monthIn("Asia/Kolkata", edge)).toBe("2026-03");
    expect(monthIn("UTC", edge)).toBe("2026-02");
    expect(monthIn("Asia/Kolkata", new Date(monthStart("2026-03", "Asia/Kolkata").getTime() - 1))).toBe("2026-02");
  });
});

describe("refund amount field", () => {
  it("reads rupees with up to two decimals, commas and the sign, and nothing else", () => {
    expect(rupeesToPaise("8000")).toBe(800_000);
    expect(rupeesToPaise("2,500.5")).toBe(250_050);
    expect(rupeesToPaise("₹ 1,00,000.05")).toBe(10_000_005);
    expect(rupeesToPaise("0.01")).toBe(1);
    for (const bad of ["", "abc", "-5", "1.234", "1e3", "12.", ".5"]) expect(rupeesToPaise(bad), bad).toBeNull();
  });

  it("shows paise as rupees the field reads back", () => {
    for (const paise of [800_000, 250_050, 1, 99]) expect(rupeesToPaise(paiseToRupeesInput(paise))).toBe(paise);
    expect(paiseToRupeesInput(800_000)).toBe("8000");
    expect(paiseToRupeesInput(250_050)).toBe("2500.50");
  });
});
