import { describe, expect, it } from "vitest";
import { busyIntervalsOf, mergeIntervals } from "../../worker/calendars/caldav/busy-intervals";
import { caldavUrlProblem } from "../../worker/calendars/caldav/safe-url";
import { decryptCredentials, encryptCredentials } from "../../worker/calendars/sync/credentials";

/** A mentor's calendar read into busy time (ADR 0040): zones and DST, recurrence, all-day events, what does not block. */

const ics = (...events: string[][]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//T//EN",
    ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]),
    "END:VCALENDAR",
  ].join("\r\n");
const WINDOW = { from: new Date("2026-10-01T00:00:00Z"), to: new Date("2026-12-01T00:00:00Z") };
const iso = (list: { startAt: Date; endAt: Date }[]) => list.map((i) => [i.startAt.toISOString(), i.endAt.toISOString()]);

describe("busy intervals of a calendar object", () => {
  it("expands a weekly series in its own zone across the DST change, with an exception moved, one cancelled and one excluded", () => {
    const text = ics(
      [
        "UID:standup",
        "DTSTART;TZID=Europe/Berlin:20261019T090000",
        "DTEND;TZID=Europe/Berlin:20261019T093000",
        "RRULE:FREQ=WEEKLY;COUNT=5",
        "EXDATE;TZID=Europe/Berlin:20261109T090000",
      ],
      [
        "UID:standup",
        "RECURRENCE-ID;TZID=Europe/Berlin:20261026T090000",
        "DTSTART;TZID=Europe/Berlin:20261026T140000",
        "DTEND;TZID=Europe/Berlin:20261026T150000",
      ],
      [
        "UID:standup",
        "RECURRENCE-ID;TZID=Europe/Berlin:20261102T090000",
        "DTSTART;TZID=Europe/Berlin:20261102T090000",
        "DTEND;TZID=Europe/Berlin:20261102T093000",
        "STATUS:CANCELLED",
      ],
    );
    expect(iso(busyIntervalsOf(text, WINDOW, "Asia/Kolkata"))).toEqual([
      // Summer time: 09:00 in Berlin is 07:00 UTC.
      ["2026-10-19T07:00:00.000Z", "2026-10-19T07:30:00.000Z"],
      // The moved occurrence, winter time (Berlin left DST on 25 October): 14:00 is 13:00 UTC.
      ["2026-10-26T13:00:00.000Z", "2026-10-26T14:00:00.000Z"],
      // Winter time: 09:00 in Berlin is 08:00 UTC. (2 November cancelled, 9 November excluded.)
      ["2026-11-16T08:00:00.000Z", "2026-11-16T08:30:00.000Z"],
    ]);
  });

  it("an all-day event blocks the mentor's whole days in his zone; a floating time is read in his zone", () => {
    const text = ics(
      ["UID:offsite", "DTSTART;VALUE=DATE:20261105", "DTEND;VALUE=DATE:20261107"],
      ["UID:lunch", "DTSTART:20261110T130000", "DTEND:20261110T140000"],
    );
    expect(iso(busyIntervalsOf(text, WINDOW, "Asia/Kolkata"))).toEqual([
      ["2026-11-04T18:30:00.000Z", "2026-11-06T18:30:00.000Z"],
      ["2026-11-10T07:30:00.000Z", "2026-11-10T08:30:00.000Z"],
    ]);
    // The same day in New York, on the day its clocks go back (a 25-hour day).
    expect(iso(busyIntervalsOf(ics(["UID:d", "DTSTART;VALUE=DATE:20261101"]), WINDOW, "America/New_York"))).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ]);
  });

  it("a free (transparent) or cancelled event, our own session, and one outside the window block nothing", () => {
    const text = ics(
      ["UID:free", "DTSTART:20261105T100000Z", "DTEND:20261105T110000Z", "TRANSP:TRANSPARENT"],
      ["UID:gone", "DTSTART:20261105T120000Z", "DTEND:20261105T130000Z", "STATUS:CANCELLED"],
      ["UID:abc@mentorlink", "DTSTART:20261105T140000Z", "DTEND:20261105T150000Z"],
      ["UID:later", "DTSTART:20270105T140000Z", "DTEND:20270105T150000Z"],
      ["UID:real", "DTSTART:20261105T160000Z", "DTEND:20261105T170000Z"],
    );
    expect(iso(busyIntervalsOf(text, WINDOW, "UTC"))).toEqual([["2026-11-05T16:00:00.000Z", "2026-11-05T17:00:00.000Z"]]);
  });

  it("an endless daily series stops at the window's end", () => {
    const list = busyIntervalsOf(
      ics(["UID:daily", "DTSTART:20261120T090000Z", "DTEND:20261120T100000Z", "RRULE:FREQ=DAILY"]),
      WINDOW,
      "UTC",
    );
    expect(list).toHaveLength(11);
    expect(list.at(-1)!.startAt.toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });
});

describe("merging intervals", () => {
  it("joins overlapping and touching intervals whatever zone they were written in, and keeps gaps", () => {
    const at = (s: string) => new Date(s);
    const merged = mergeIntervals([
      { startAt: at("2026-11-05T10:00:00+05:30"), endAt: at("2026-11-05T11:00:00+05:30") },
      { startAt: at("2026-11-05T05:00:00Z"), endAt: at("2026-11-05T06:00:00Z") },
      { startAt: at("2026-11-05T01:00:00-05:00"), endAt: at("2026-11-05T02:00:00-05:00") },
      { startAt: at("2026-11-05T09:00:00Z"), endAt: at("2026-11-05T09:30:00Z") },
    ]);
    expect(iso(merged)).toEqual([
      ["2026-11-05T04:30:00.000Z", "2026-11-05T07:00:00.000Z"],
      ["2026-11-05T09:00:00.000Z", "2026-11-05T09:30:00.000Z"],
    ]);
  });
});

describe("the CalDAV address rule", () => {
  it("allows public https servers, and this machine over http in development only", () => {
    expect(caldavUrlProblem("https://caldav.fastmail.com/dav/", false)).toBeNull();
    expect(caldavUrlProblem("http://127.0.0.1:5232", true)).toBeNull();
    expect(caldavUrlProblem("http://127.0.0.1:5232", false)).toMatch(/https/);
    expect(caldavUrlProblem("http://caldav.example.com", true)).toMatch(/https/);
  });
  it("refuses private, loopback, link-local and local names, and credentials in the address", () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://10.1.2.3/",
      "https://172.20.0.1/",
      "https://192.168.1.10/",
      "https://169.254.169.254/latest",
      "https://100.64.0.1/",
      "https://[::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://localhost/",
      "https://nas.local/",
      "https://intranet/",
    ])
      expect(caldavUrlProblem(url, false), url).toMatch(/not a public calendar server/);
    expect(caldavUrlProblem("https://me:pw@caldav.example.com/", false)).toMatch(/own fields/);
    expect(caldavUrlProblem("not a url", false)).toMatch(/Enter the calendar server's address/);
  });
});

describe("credentials at rest", () => {
  const config = { CALENDAR_KEY: "bWVudG9ybGluay1kZXZlbG9wbWVudC1jYWxlbmRhcnM", ENVIRONMENT: "development" as const };
  it("are sealed with AES-GCM, bound to their connection, and open only with the same key", async () => {
    const sealed = await encryptCredentials(config, "conn-1", { password: "secret-app-password" });
    expect(sealed).not.toContain("secret");
    expect(await decryptCredentials(config, "conn-1", sealed)).toEqual({ password: "secret-app-password" });
    await expect(decryptCredentials(config, "conn-2", sealed)).rejects.toThrow();
    await expect(
      decryptCredentials({ ...config, CALENDAR_KEY: "b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1rZXktMTI" }, "conn-1", sealed),
    ).rejects.toThrow();
    expect(await encryptCredentials(config, "conn-1", { password: "x" })).not.toBe(
      await encryptCredentials(config, "conn-1", { password: "x" }),
    );
  });
});
