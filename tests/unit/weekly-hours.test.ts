import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { bookingRulesSchema, timeOffPeriodSchema, weeklyHoursSchema } from "../../shared/validation/availability";
import { expandWeeklyHours, rangeStarts, weeklyHoursProblem } from "../../shared/weekly-hours";
import { formatTime } from "../../shared/zoned-time";
import { DEFAULT_RULES, offeredUnderRules } from "../../worker/scheduling/booking-rules";

const HOUR = 60 * 60 * 1000;
const iso = (starts: number[]) => starts.map((s) => new Date(s).toISOString());
const at = (s: string) => Date.parse(s);

describe("weekly hours: ranges to one-hour starts", () => {
  it("gives back-to-back starts while the hour ends by the range's end", () => {
    expect(rangeStarts({ day: 2, start: "18:00", end: "21:00" })).toEqual(["18:00", "19:00", "20:00"]);
    expect(rangeStarts({ day: 2, start: "18:15", end: "20:00" })).toEqual(["18:15"]);
    expect(rangeStarts({ day: 2, start: "09:00", end: "09:45" })).toEqual([]);
    expect(rangeStarts({ day: 6, start: "22:30", end: "24:00" })).toEqual(["22:30"]);
  });

  it("places each range on its weekday in the zone, several ranges a day, only inside [from, until)", () => {
    const hours = [
      { day: 2, start: "18:00", end: "20:00" },
      { day: 2, start: "07:00", end: "08:00" },
      { day: 4, start: "10:00", end: "11:00" },
    ];
    // Monday 2027-01-04 00:00 to Monday 2027-01-11 00:00 in Kolkata (UTC+5:30).
    const starts = expandWeeklyHours(hours, "Asia/Kolkata", at("2027-01-03T18:30:00Z"), at("2027-01-10T18:30:00Z"));
    expect(iso(starts)).toEqual([
      "2027-01-05T01:30:00.000Z",
      "2027-01-05T12:30:00.000Z",
      "2027-01-05T13:30:00.000Z",
      "2027-01-07T04:30:00.000Z",
    ]);
    // `from` is inclusive and `until` exclusive: a start at either edge is in, then out.
    expect(iso(expandWeeklyHours(hours, "Asia/Kolkata", at("2027-01-05T12:30:00Z"), at("2027-01-07T04:30:00Z")))).toEqual([
      "2027-01-05T12:30:00.000Z",
      "2027-01-05T13:30:00.000Z",
    ]);
    expect(expandWeeklyHours([], "Asia/Kolkata", 0, at("2027-01-10T00:00:00Z"))).toEqual([]);
  });

  it("a Tuesday 18:00 Kolkata rule stays 18:00 Kolkata (12:30 UTC) across the US change of March 14 2027, while New York's wall time moves", () => {
    const starts = expandWeeklyHours(
      [{ day: 2, start: "18:00", end: "19:00" }],
      "Asia/Kolkata",
      at("2027-03-01T00:00:00Z"),
      at("2027-03-24T00:00:00Z"),
    );
    expect(iso(starts)).toEqual([
      "2027-03-02T12:30:00.000Z",
      "2027-03-09T12:30:00.000Z",
      "2027-03-16T12:30:00.000Z",
      "2027-03-23T12:30:00.000Z",
    ]);
    expect(starts.map((s) => formatTime(s, "Asia/Kolkata"))).toEqual(["6:00 pm", "6:00 pm", "6:00 pm", "6:00 pm"]);
    // A mentee in New York: 7:30 am while the US is on EST, 8:30 am after it moves to EDT.
    expect(starts.map((s) => formatTime(s, "America/New_York"))).toEqual(["7:30 am", "7:30 am", "8:30 am", "8:30 am"]);
  });

  it("a 09:00 London rule stays 09:00 London across the UK changes of March 28 and October 31 2027", () => {
    const rule = [{ day: 1, start: "09:00", end: "10:00" }];
    const spring = expandWeeklyHours(rule, "Europe/London", at("2027-03-15T00:00:00Z"), at("2027-04-06T00:00:00Z"));
    expect(iso(spring)).toEqual([
      "2027-03-15T09:00:00.000Z",
      "2027-03-22T09:00:00.000Z",
      "2027-03-29T08:00:00.000Z",
      "2027-04-05T08:00:00.000Z",
    ]);
    const autumn = expandWeeklyHours(rule, "Europe/London", at("2027-10-18T00:00:00Z"), at("2027-11-09T00:00:00Z"));
    expect(iso(autumn)).toEqual([
      "2027-10-18T08:00:00.000Z",
      "2027-10-25T08:00:00.000Z",
      "2027-11-01T09:00:00.000Z",
      "2027-11-08T09:00:00.000Z",
    ]);
    expect([...spring, ...autumn].every((s) => formatTime(s, "Europe/London") === "9:00 am")).toBe(true);
  });

  it("skips the wall time that does not exist on a spring-forward day and never doubles one on a fall-back day", () => {
    // New York, Sunday March 14 2027: 02:00 EST jumps to 03:00 EDT. 01:00, (02:00 missing), 03:00.
    const spring = expandWeeklyHours(
      [{ day: 0, start: "01:00", end: "04:00" }],
      "America/New_York",
      at("2027-03-13T00:00:00Z"),
      at("2027-03-16T00:00:00Z"),
    );
    expect(iso(spring)).toEqual(["2027-03-14T06:00:00.000Z", "2027-03-14T07:00:00.000Z"]);
    expect(spring.map((s) => formatTime(s, "America/New_York"))).toEqual(["1:00 am", "3:00 am"]);
    // London, Sunday March 28 2027, a range with quarter-hour starts crossing the gap (01:00 GMT -> 02:00 BST).
    const gap = expandWeeklyHours(
      [{ day: 0, start: "00:30", end: "03:30" }],
      "Europe/London",
      at("2027-03-27T00:00:00Z"),
      at("2027-03-29T00:00:00Z"),
    );
    expect(gap.map((s) => formatTime(s, "Europe/London"))).toEqual(["12:30 am", "2:30 am"]);
    // New York, Sunday November 7 2027: 01:00 happens twice; one slot, and none overlapping another.
    const fall = expandWeeklyHours(
      [{ day: 0, start: "00:00", end: "03:00" }],
      "America/New_York",
      at("2027-11-06T00:00:00Z"),
      at("2027-11-09T00:00:00Z"),
    );
    expect(fall.map((s) => formatTime(s, "America/New_York"))).toEqual(["12:00 am", "1:00 am", "2:00 am"]);
    expect(new Set(fall).size).toBe(3);
    expect(fall.slice(1).every((s, i) => s - fall[i] >= HOUR)).toBe(true);
  });
});

describe("weekly hours: what a mentor may save", () => {
  it("explains each problem in words a mentor can act on", () => {
    expect(
      weeklyHoursProblem([
        { day: 2, start: "18:00", end: "21:00" },
        { day: 4, start: "18:00", end: "21:00" },
      ]),
    ).toBeNull();
    expect(weeklyHoursProblem([{ day: 2, start: "18:00", end: "18:30" }])).toMatch(/Tuesday 18:00–18:30: make it at least an hour long/);
    expect(weeklyHoursProblem([{ day: 2, start: "18:00", end: "17:00" }])).toMatch(/end must be after the start/);
    expect(weeklyHoursProblem([{ day: 3, start: "09:10", end: "11:00" }])).toMatch(/quarter hour/);
    expect(
      weeklyHoursProblem([
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "11:00", end: "13:00" },
      ]),
    ).toMatch(/Monday 09:00–12:00 and 11:00–13:00 overlap/);
    // Touching ranges do not overlap; the same times on two days are fine.
    expect(
      weeklyHoursProblem([
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "12:00", end: "13:00" },
      ]),
    ).toBeNull();
    expect(weeklyHoursProblem([{ day: 1, start: "25:00", end: "26:00" }])).toMatch(/start must be a time/);
    expect(
      weeklyHoursProblem(Array.from({ length: 31 }, (_, i) => ({ day: i % 7, start: `${String(i).padStart(2, "0")}:00`, end: "23:59" }))),
    ).toMatch(/at most 30/);
  });

  it("validates the inputs of the procedures with the same messages", () => {
    const bad = v.safeParse(weeklyHoursSchema, { weeklyHours: [{ day: 2, start: "18:00", end: "18:30" }] });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0].message).toMatch(/at least an hour long/);
    expect(v.safeParse(weeklyHoursSchema, { weeklyHours: [{ day: 7, start: "18:00", end: "19:00" }] }).success).toBe(false);
    expect(v.safeParse(bookingRulesSchema, { noticeMinutes: 0, bufferMinutes: 240, dailyCap: null }).success).toBe(true);
    expect(v.safeParse(bookingRulesSchema, { noticeMinutes: 30 * 24 * 60 + 1, bufferMinutes: 0, dailyCap: null }).success).toBe(false);
    expect(v.safeParse(bookingRulesSchema, { noticeMinutes: 0, bufferMinutes: 241, dailyCap: null }).success).toBe(false);
    expect(v.safeParse(bookingRulesSchema, { noticeMinutes: 0, bufferMinutes: 0, dailyCap: 0 }).success).toBe(false);
    expect(v.safeParse(timeOffPeriodSchema, { firstDay: "2027-03-10", lastDay: "2027-03-09" }).issues?.[0].message).toMatch(
      /on or after the first day/,
    );
    expect(v.safeParse(timeOffPeriodSchema, { firstDay: "2027-02-30", lastDay: "2027-03-09" }).success).toBe(false);
    expect(v.safeParse(timeOffPeriodSchema, { firstDay: "2027-01-01", lastDay: "2028-01-02" }).issues?.[0].message).toMatch(
      /at most 366 days/,
    );
    expect(v.safeParse(timeOffPeriodSchema, { firstDay: "2027-01-01", lastDay: "2027-01-01", note: "Holiday" }).success).toBe(true);
  });
});

describe("booking rules as the views apply them (offeredUnderRules)", () => {
  const now = new Date("2027-05-03T00:00:00Z");
  const slot = (start: string) => ({
    id: start,
    startAt: new Date(start),
    endAt: new Date(Date.parse(start) + HOUR),
    heldFor: null,
    heldUntil: null,
  });
  const booked = (start: string) => ({ id: `b${start}`, startAt: new Date(start), endAt: new Date(Date.parse(start) + HOUR) });
  const offered = (
    s: ReturnType<typeof slot>,
    rules = DEFAULT_RULES,
    bookings: ReturnType<typeof booked>[] = [],
    off: { startAt: Date; endAt: Date }[] = [],
  ) => offeredUnderRules(s, rules, bookings, off, "Asia/Kolkata", "mentee-1", now);

  it("notice: by default a slot is offered only more than 12 hours ahead; a mentor's own notice replaces it", () => {
    expect(offered(slot("2027-05-03T12:00:00Z"))).toBe(false);
    expect(offered(slot("2027-05-03T13:00:00Z"))).toBe(true);
    expect(offered(slot("2027-05-03T01:00:00Z"), { ...DEFAULT_RULES, noticeMinutes: 0 })).toBe(true);
    expect(offered(slot("2027-05-04T01:00:00Z"), { ...DEFAULT_RULES, noticeMinutes: 48 * 60 })).toBe(false);
  });

  it("buffer: a slot within the buffer of a booked session is not offered; one just outside is", () => {
    const rules = { ...DEFAULT_RULES, bufferMinutes: 30 };
    const b = [booked("2027-05-05T10:00:00Z")];
    expect(offered(slot("2027-05-05T11:00:00Z"), DEFAULT_RULES, b)).toBe(true);
    expect(offered(slot("2027-05-05T11:00:00Z"), rules, b)).toBe(false);
    expect(offered(slot("2027-05-05T11:15:00Z"), rules, b)).toBe(false);
    expect(offered(slot("2027-05-05T08:45:00Z"), rules, b)).toBe(false);
    // Exactly the buffer apart, either side, is fine.
    expect(offered(slot("2027-05-05T11:30:00Z"), rules, b)).toBe(true);
    expect(offered(slot("2027-05-05T08:30:00Z"), rules, b)).toBe(true);
  });

  it("daily cap: counted per day of the mentor's zone (Kolkata), not per UTC day", () => {
    const rules = { ...DEFAULT_RULES, dailyCap: 1 };
    // 19:00 UTC on May 5 is 00:30 on May 6 in Kolkata: another day there.
    const b = [booked("2027-05-05T19:00:00Z")];
    expect(offered(slot("2027-05-05T10:00:00Z"), rules, b)).toBe(true);
    expect(offered(slot("2027-05-06T10:00:00Z"), rules, b)).toBe(false);
    expect(offered(slot("2027-05-06T10:00:00Z"), { ...rules, dailyCap: 2 }, b)).toBe(true);
  });

  it("time off: a slot overlapping it is not offered", () => {
    const off = [{ startAt: new Date("2027-05-09T18:30:00Z"), endAt: new Date("2027-05-10T18:30:00Z") }];
    expect(offered(slot("2027-05-10T04:30:00Z"), DEFAULT_RULES, [], off)).toBe(false);
    expect(offered(slot("2027-05-09T17:30:00Z"), DEFAULT_RULES, [], off)).toBe(true);
    expect(offered(slot("2027-05-09T18:00:00Z"), DEFAULT_RULES, [], off)).toBe(false);
  });
});
