import { describe, expect, it } from "vitest";
import { countPerDay, dayIn, latestDays } from "../../worker/statistics/count-per-day";

describe("the 30 days of the moderator statistics", () => {
  it("end today in the viewer's zone, oldest first, across a month and year boundary", () => {
    const now = new Date("2026-01-10T20:00:00Z");
    const utc = latestDays("UTC", now);
    expect(utc).toHaveLength(30);
    expect(utc[0]).toBe("2025-12-12");
    expect(utc.at(-1)).toBe("2026-01-10");
    // 01:30 the next day in India.
    expect(latestDays("Asia/Kolkata", now).at(-1)).toBe("2026-01-11");
    expect(latestDays("America/Los_Angeles", new Date("2026-01-10T05:00:00Z")).at(-1)).toBe("2026-01-09");
  });

  it("stay whole days across a daylight-saving change", () => {
    const days = latestDays("Europe/Berlin", new Date("2026-04-05T10:00:00Z"));
    expect(new Set(days).size).toBe(30);
    expect(days).toContain("2026-03-29");
    expect(dayIn("Europe/Berlin", new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
  });

  it("count each instant on its day in the zone, zero days included, nothing outside the window", () => {
    const now = new Date("2026-01-10T20:00:00Z");
    // 20:00 UTC on the 9th is 01:30 on the 10th in India; 12:00 UTC on 10 Dec is before the 30 days.
    const instants = ["2026-01-09T20:00:00Z", "2026-01-10T01:00:00Z", "2025-12-10T12:00:00Z"].map((at) => new Date(at));
    const utc = new Map(countPerDay(instants, "UTC", now).map((d) => [d.date, d.count]));
    const india = new Map(countPerDay(instants, "Asia/Kolkata", now).map((d) => [d.date, d.count]));
    expect([utc.get("2026-01-09"), utc.get("2026-01-10"), utc.size]).toEqual([1, 1, 30]);
    expect([india.get("2026-01-10"), india.get("2026-01-11"), india.get("2026-01-09")]).toEqual([2, 0, 0]);
    expect([...utc.values(), ...india.values()].reduce((n, c) => n + c, 0)).toBe(4);
  });
});
