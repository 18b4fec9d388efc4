import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat";
import relativeTime from "dayjs/plugin/relativeTime";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  canonicalZone,
  dayKey,
  daysInMonth,
  formatDate,
  formatPattern,
  formatTime,
  formatWhen,
  isTimeZone,
  slotTimeLabels,
  toInstant,
  weekdayOf,
  zonedInstant,
  zoneLabel,
  zoneOffsetMinutes,
} from "../../shared/zoned-time";
import { englishFromNow } from "../../src/platform/relative-time";

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

// The library the dates were written with before (ADR 0034), kept as a development dependency for this comparison only.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);
dayjs.extend(relativeTime);

/**
 * The old library's zone conversions go through the machine's own offset, and are an hour off near a DST change when
 * the machine's zone has one (seen with TZ=America/New_York). The comparisons run with the machine in UTC, where it was
 * right; each test that reads local time names the zone it runs in.
 */
function inMachineZone(zone: string) {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

describe("English dates and times written from Intl's parts", () => {
  inMachineZone("UTC");
  // The SPEC's patterns as dayjs wrote them before (ADR 0034): the kept Intl formatter must agree everywhere.
  const zones = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "UTC", "America/St_Johns"];
  const start = Date.UTC(2025, 0, 1);
  const step = 7 * 3_600_000 + 13 * 60_000; // walks through every hour, minute band, day and DST change of two years

  it("agrees with dayjs's 'MMMM Do YYYY' and 'h:mm a' in every zone, across DST changes and ordinals", { timeout: 120_000 }, () => {
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

describe("the one date code agrees with the library it replaced (ADR 0034)", () => {
  inMachineZone("UTC");
  const zones = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/Santiago", "UTC"];
  const start = Date.UTC(2025, 0, 1);
  const step = 11 * 3_600_000 + 17 * 60_000 + 23_000;
  const PATTERNS = [
    "ddd, MMM D, h:mm a",
    "dddd, MMMM D, h:mm a",
    "ddd, MMM D, YYYY",
    "MMM D",
    "MMMM YYYY",
    "YYYY-MM-DD HH:mm",
    "Z",
    "ZZ",
    "dd d hh:mm:ss A YY M [at] Do",
  ];

  it("writes every screen's pattern, the day key and the offset as it did, in every zone across DST changes", { timeout: 120_000 }, () => {
    let compared = 0;
    for (let at = start; at < start + 2 * 365 * 86_400_000; at += step) {
      for (const [i, zone] of zones.entries()) {
        // Each instant is written in one of the patterns, in turn: every pattern meets every zone and hour many times.
        const pattern = PATTERNS[(compared + i) % PATTERNS.length];
        expect(formatPattern(at, pattern, zone)).toBe(dayjs(at).tz(zone).format(pattern));
        expect(dayKey(at, zone)).toBe(dayjs(at).tz(zone).format("YYYY-MM-DD"));
        expect(zoneOffsetMinutes(at, zone)).toBe(dayjs(at).tz(zone).utcOffset());
        compared++;
      }
      expect(formatPattern(at, "MMMM Do YYYY, h:mm a")).toBe(dayjs(at).format("MMMM Do YYYY, h:mm a"));
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("reads texts as it did: an offset or Z is that instant, a day or a wall time without one is local", () => {
    process.env.TZ = "America/New_York";
    for (const text of [
      "2026-03-09",
      "2026-03-09T00:00",
      "2026-11-01T00:00:00",
      "2026-03-09T10:30:15.250",
      "2026-03-09T10:00:00Z",
      "2026-03-09T10:00:00+05:30",
      "2026-03",
    ])
      expect(toInstant(text).getTime(), text).toBe(dayjs(text).valueOf());
    expect(toInstant("2026-03-09").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    process.env.TZ = "UTC";
  });

  it("turns a wall time in a zone into the instant it did: every half hour of each clock-change day and its neighbours, and of every 9th day (first of a repeated hour)", {
    timeout: 120_000,
  }, () => {
    let compared = 0;
    for (const zone of zones) {
      const offsetAt = (day: string) => zoneOffsetMinutes(Date.parse(`${day}T12:00:00Z`), zone);
      const days = new Set<string>();
      for (let day = "2025-01-01", n = 0; day < "2027-01-01"; day = addDays(day, 1), n++) {
        if (n % 9 === 0) days.add(day);
        if (offsetAt(day) !== offsetAt(addDays(day, 1))) for (const d of [-1, 0, 1, 2]) days.add(addDays(day, d));
      }
      for (const day of days) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
          const ours = zonedInstant(day, time, zone).getTime();
          const theirs = dayjs.tz(`${day} ${time}`, zone).valueOf();
          if (ours !== theirs) {
            // The old code chose between a repeated hour's two instants by today's offset; ours takes the first.
            expect(formatPattern(ours, "YYYY-MM-DD HH:mm", zone), `${day} ${time} ${zone}`).toBe(`${day} ${time}`);
            expect(formatPattern(theirs, "YYYY-MM-DD HH:mm", zone)).toBe(`${day} ${time}`);
            expect(ours).toBeLessThan(theirs);
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });

  it("reads a skipped time forward and a repeated one as its first occurrence", () => {
    // New York skipped 2:00-3:00 am on March 8th 2026 and repeats 1:00-2:00 am on November 1st 2026.
    expect(zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("2026-11-01", "02:30", "America/New_York").toISOString()).toBe("2026-11-01T07:30:00.000Z");
  });

  it("steps calendar days and months as it did", { timeout: 60_000 }, () => {
    for (let day = "2024-01-01"; day < "2027-01-01"; day = addDays(day, 1)) {
      const old = dayjs.utc(day);
      expect(weekdayOf(day)).toBe(old.day());
      expect(daysInMonth(day)).toBe(old.daysInMonth());
      for (const n of [-7, -1, 1, 7, 40]) expect(addDays(day, n)).toBe(old.add(n, "day").format("YYYY-MM-DD"));
      for (const n of [-13, -1, 1, 2, 12]) expect(addMonths(day, n)).toBe(old.add(n, "month").format("YYYY-MM-DD"));
    }
  });

  it("tells relative times in the same English words", () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const offsets = [0, 5, 44, 45, 89, 90, 150, 44 * 60, 45 * 60, 89 * 60, 90 * 60, 21 * 3600, 22 * 3600, 35 * 3600, 36 * 3600];
    const days = [2, 6, 7, 25, 26, 27, 31, 45, 46, 60, 200, 320, 345, 365, 400, 548, 600, 1000, 3000];
    for (const seconds of [...offsets, ...days.map((d) => d * 86_400 + 1234)]) {
      for (const sign of [-1, 1]) {
        const at = new Date(now + sign * seconds * 1000);
        expect(englishFromNow(at, new Date(now)), `${sign * seconds} s`).toBe(dayjs(at).from(now));
      }
    }
  });
});
