import { describe, expect, it } from "vitest";
import { icsCalendar, type IcsEvent } from "../../worker/services/ics";

/** RFC 5545 3.1: a line break followed by one space or tab continues the previous line. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const lines = (text: string) => unfold(text).split("\r\n");

const event: IcsEvent = {
  uid: "0b6a1f3e-slot-1773064800000@mentorlink",
  start: new Date("2026-03-09T14:00:00Z"),
  end: new Date("2026-03-09T15:00:00Z"),
  stamp: new Date("2026-03-01T08:15:30Z"),
  summary: "Mentorship session with Asha Rao, Jr; PhD \\ team",
  description: "Topic: System design\nMentor's time: March 9th 2026, 7:30 pm (Asia/Kolkata)\n" + "Long notes ".repeat(20),
  url: "http://127.0.0.1:8787/mentees/booked-slots",
};

describe("the booking calendar (ics library)", () => {
  it("writes one VEVENT with the UID, UTC DTSTART/DTEND/DTSTAMP, SUMMARY and URL", () => {
    const text = icsCalendar([event]);
    const all = lines(text);
    expect(all[0]).toBe("BEGIN:VCALENDAR");
    expect(all).toContain("VERSION:2.0");
    expect(all).toContain("PRODID:-//MentorLink//Bookings//EN");
    expect(all).toContain("METHOD:PUBLISH");
    expect(all).toContain("X-WR-CALNAME:MentorLink sessions");
    expect(all.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(all).toContain(`UID:${event.uid}`);
    expect(all).toContain("DTSTART:20260309T140000Z");
    expect(all).toContain("DTEND:20260309T150000Z");
    expect(all).toContain("DTSTAMP:20260301T081530Z");
    expect(all).toContain("STATUS:CONFIRMED");
    expect(all).toContain(`URL:${event.url}`);
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  it("escapes commas, semicolons, backslashes and new lines in text, and folds long lines with CRLF", () => {
    const text = icsCalendar([event]);
    const all = lines(text);
    expect(all).toContain("SUMMARY:Mentorship session with Asha Rao\\, Jr\\; PhD \\\\ team");
    const description = all.find((l) => l.startsWith("DESCRIPTION:"))!;
    expect(description).toContain("Topic: System design\\nMentor's time: March 9th 2026\\, 7:30 pm (Asia/Kolkata)\\n");
    expect(description).not.toContain("\n");
    // Every physical line ends in CRLF (no bare LF) and the long description was folded.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text.split("\r\n").length).toBeGreaterThan(all.length);
    expect(text.split("\r\n").every((l) => l.length <= 75)).toBe(true);
  });

  it("lists several bookings in one feed, and an empty feed is still a valid calendar", () => {
    const second = { ...event, uid: "second@mentorlink", start: new Date("2026-03-10T14:00:00Z"), end: new Date("2026-03-10T15:00:00Z") };
    const feed = lines(icsCalendar([event, second]));
    expect(feed.filter((l) => l.startsWith("UID:"))).toEqual([`UID:${event.uid}`, "UID:second@mentorlink"]);
    const empty = lines(icsCalendar([]));
    expect(empty[0]).toBe("BEGIN:VCALENDAR");
    expect(empty).not.toContain("BEGIN:VEVENT");
    expect(empty.at(-2)).toBe("END:VCALENDAR");
  });
});
