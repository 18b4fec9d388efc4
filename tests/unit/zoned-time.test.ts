import { describe, expect, it } from "vitest";
import {
  canonicalZone,
  dayjs,
  dayKey,
  formatDate,
  formatTime,
  formatWhen,
  isTimeZone,
  slotTimeLabels,
  zonedInstant,
  zoneLabel,
} from "../../shared/zoned-time";

// The US moved its clocks forward on Sunday March 8th 2026 at 2:00 am (EST, UTC-5, to EDT, UTC-4).
// India keeps UTC+5:30 all year, so the gap between the two parties shrinks by an hour that night.
const MENTOR = "Asia/Kolkata";
const MENTEE = "America/New_York";

describe("zoned time across the March 2026 US daylight-saving change", () => {
  it("turns the mentor's wall-clock time into one UTC instant, before and after the change", () => {
    const before = zonedInstant("2026-03-06", "19:30", MENTOR);
    const after = zonedInstant("2026-03-09", "19:30", MENTOR);
    expect(before.toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(after.toISOString()).toBe("2026-03-09T14:00:00.000Z");
    // The same wall-clock slot for the mentor is 9 am for the mentee before the change, 10 am after it.
    expect(formatTime(before, MENTEE)).toBe("9:00 am");
    expect(formatTime(after, MENTEE)).toBe("10:00 am");
    expect(formatTime(before, MENTOR)).toBe("7:30 pm");
    expect(formatTime(after, MENTOR)).toBe("7:30 pm");
  });

  it("the instant the mentee books is the instant both see", () => {
    // The mentee reads "March 9th 2026, 10:00 am" in New York; converting her wall clock back gives the mentor's slot.
    const slot = zonedInstant("2026-03-09", "19:30", MENTOR);
    const menteeSees = { date: dayKey(slot, MENTEE), time: "10:00" };
    expect(menteeSees.date).toBe("2026-03-09");
    expect(zonedInstant(menteeSees.date, menteeSees.time, MENTEE).getTime()).toBe(slot.getTime());
    expect(formatDate(slot, MENTEE)).toBe("March 9th 2026");
    expect(formatDate(slot, MENTOR)).toBe("March 9th 2026");
  });

  it("keeps the day straight when the two parties are on different dates", () => {
    // 9:00 am on March 9th in India is still March 8th (11:30 pm, already EDT) in New York.
    const slot = zonedInstant("2026-03-09", "09:00", MENTOR);
    expect(slot.toISOString()).toBe("2026-03-09T03:30:00.000Z");
    expect(formatDate(slot, MENTEE)).toBe("March 8th 2026");
    expect(formatTime(slot, MENTEE)).toBe("11:30 pm");
    // A slot just before the change: 11:30 am in India on the 8th is 1:00 am EST in New York.
    const early = zonedInstant("2026-03-08", "11:30", MENTOR);
    expect(early.toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(formatTime(early, MENTEE)).toBe("1:00 am");
    // One hour later by the mentor's clock is 3:00 am in New York: 2 am never happened there.
    expect(formatTime(new Date(early.getTime() + 60 * 60 * 1000), MENTEE)).toBe("3:00 am");
  });

  it("labels name both zones (with the offset of that day) when the parties differ, and none when they share one", () => {
    const slot = zonedInstant("2026-03-09", "19:30", MENTOR);
    expect(slotTimeLabels(slot, MENTEE, MENTOR)).toEqual({
      mine: "March 9th 2026, 10:00 am · America/New York (GMT-4)",
      theirs: "March 9th 2026, 7:30 pm · Asia/Kolkata (GMT+5:30)",
    });
    const winter = zonedInstant("2026-03-06", "19:30", MENTOR);
    expect(slotTimeLabels(winter, MENTEE, MENTOR).mine).toBe("March 6th 2026, 9:00 am · America/New York (GMT-5)");
    expect(slotTimeLabels(slot, MENTOR, MENTOR)).toEqual({ mine: "March 9th 2026, 7:30 pm", theirs: null });
    expect(slotTimeLabels(slot, MENTOR, null)).toEqual({ mine: "March 9th 2026, 7:30 pm", theirs: null });
    expect(zoneLabel("UTC", slot)).toBe("UTC (GMT)");
    expect(formatWhen(slot, MENTEE)).toBe("March 9th 2026, 10:00 am (America/New_York)");
  });
});

describe("time zone names", () => {
  it("accepts IANA zones and refuses anything else", () => {
    for (const zone of ["Asia/Kolkata", "America/New_York", "UTC", "Europe/London", "Australia/Lord_Howe"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Olympus_Mons", "Asia/Kolkata ", "not a zone", "+05:30", "-0400", 42, null, "x".repeat(65)])
      expect(isTimeZone(zone)).toBe(false);
  });

  it("stores the runtime's spelling of the case, but never renames a valid alias", () => {
    expect(canonicalZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalZone("America/New_York")).toBe("America/New_York");
    expect(canonicalZone("Mars/Olympus_Mons")).toBeNull();
  });
});

describe("English dates and times written from Intl's parts", () => {
  // The SPEC's patterns as dayjs wrote them before (ADR 0034): the kept Intl formatter must agree everywhere.
  const zones = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "UTC", "America/St_Johns"];
  const start = Date.UTC(2025, 0, 1);
  const step = 7 * 3_600_000 + 13 * 60_000; // walks through every hour, minute band, day and DST change of two years

  it("agrees with dayjs's 'MMMM Do YYYY' and 'h:mm a' in every zone, across DST changes and ordinals", () => {
    let compared = 0;
    for (let at = start; at < start + 2 * 365 * 86_400_000; at += step) {
      for (const zone of zones) {
        expect(formatDate(at, zone, "en")).toBe(dayjs(at).tz(zone).format("MMMM Do YYYY"));
        expect(formatTime(at, zone, "en")).toBe(dayjs(at).tz(zone).format("h:mm a"));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("writes 11th, 12th, 13th, 21st, 22nd, 23rd and midnight and noon as 12", () => {
    const day = (d: number) => formatDate(`2026-03-${String(d).padStart(2, "0")}T12:00:00Z`, "UTC", "en");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(day)).toEqual(
      ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"].map((o) => `March ${o} 2026`),
    );
    expect(formatTime("2026-03-09T00:05:00Z", "UTC", "en")).toBe("12:05 am");
    expect(formatTime("2026-03-09T12:00:00Z", "UTC", "en")).toBe("12:00 pm");
  });

  it("says Invalid Date for a date that is not one, as before", () => {
    expect(formatDate("not a date", "UTC", "en")).toBe("Invalid Date");
    expect(formatTime(Number.NaN, "UTC", "en")).toBe("Invalid Date");
  });
});
