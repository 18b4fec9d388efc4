import { describe, expect, it } from "vitest";
import { copyToWeekdays, dayProblem, nextRange, rowsFrom, scrollTimeFor, weeklyHoursOf } from "../../src/scheduling/scheduler/weekly-hours";

/** The scheduler's weekly hours editor model (ADR 0023): rows Monday..Sunday, the server's checks per day, the calendar's first scroll. */
describe("weekly hours editor", () => {
  const hours = [
    { day: 4, start: "18:00", end: "21:00" },
    { day: 2, start: "18:00", end: "21:00" },
    { day: 2, start: "09:00", end: "11:00" },
  ];

  it("shows Monday first with each day's ranges sorted, and saves only the available days", () => {
    const rows = rowsFrom(hours);
    expect(rows.map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(rows[1]).toEqual({
      day: 2,
      available: true,
      ranges: [
        { start: "09:00", end: "11:00" },
        { start: "18:00", end: "21:00" },
      ],
    });
    expect(rows[0].available).toBe(false);
    const off = rows.map((r) => (r.day === 4 ? { ...r, available: false } : r));
    expect(weeklyHoursOf(off)).toEqual([
      { day: 2, start: "09:00", end: "11:00" },
      { day: 2, start: "18:00", end: "21:00" },
    ]);
  });

  it("refuses what the server refuses, naming the day", () => {
    const row = (ranges: { start: string; end: string }[]) => ({ day: 2, available: true, ranges });
    expect(dayProblem(row([{ start: "18:00", end: "21:00" }]))).toBeNull();
    expect(dayProblem(row([{ start: "18:00", end: "17:00" }]))).toMatch(/^Tuesday.*after the start/);
    expect(dayProblem(row([{ start: "18:00", end: "18:45" }]))).toMatch(/^Tuesday.*at least an hour/);
    expect(
      dayProblem(
        row([
          { start: "09:00", end: "12:00" },
          { start: "11:00", end: "13:00" },
        ]),
      ),
    ).toMatch(/^Tuesday.*overlap/);
    expect(dayProblem(row([]))).toMatch(/^Tuesday: add a range/);
    expect(dayProblem({ day: 2, available: false, ranges: [{ start: "18:00", end: "17:00" }] })).toBeNull();
  });

  it("copies a day to the weekdays only, and adds a range after the last one", () => {
    const rows = copyToWeekdays(rowsFrom(hours), { day: 4, available: true, ranges: [{ start: "18:00", end: "21:00" }] });
    expect(rows.filter((r) => r.available).map((r) => r.day)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[1].ranges).toEqual([{ start: "18:00", end: "21:00" }]);
    expect(nextRange([{ start: "09:00", end: "12:00" }])).toEqual({ start: "13:00", end: "15:00" });
    expect(nextRange([])).toEqual({ start: "09:00", end: "17:00" });
  });

  it("opens the calendar an hour before the earliest start (08:00 without hours)", () => {
    expect(scrollTimeFor(hours)).toBe("08:00:00");
    expect(scrollTimeFor([{ day: 2, start: "18:00", end: "21:00" }])).toBe("17:00:00");
    expect(scrollTimeFor([{ day: 2, start: "00:30", end: "02:00" }])).toBe("00:00:00");
    expect(scrollTimeFor([])).toBe("08:00:00");
    expect(scrollTimeFor(undefined)).toBe("08:00:00");
  });
});
