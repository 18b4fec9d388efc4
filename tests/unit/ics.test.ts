import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type IcsEvent, icsCalendar, icsInvitation, icsParamValue, icsText } from "../../worker/calendars/ics";
import { type Property, parseStrictly, unescapeText } from "../support/ics-reader";

/** RFC 5545 3.1: a line break followed by one space or tab continues the previous line. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const lines = (text: string) => unfold(text).split("\r\n");

const event: IcsEvent = {
  uid: "0b6a1f3e-slot-1773064800000@mentorlink",
  start: new Date("2026-03-09T14:00:00Z"),
  end: new Date("2026-03-09T15:00:00Z"),
  stamp: new Date("2026-03-01T08:15:30Z"),
  summary: "Mentorship session with Asha Rao, Jr; PhD \\ team",
  description: `Topic: System design\nMentor's time: March 9th 2026, 7:30 pm (Asia/Kolkata)\n${"Long notes ".repeat(20)}`,
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

/** Text people write, biased towards what breaks calendar files. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "\r",
      "\n",
      "\r\n",
      "\t",
      "\u0000",
      "\u000b",
      "\u007f",
      "\u0085",
      '"',
      ",",
      ";",
      ":",
      "\\",
      " ",
      "=",
      "é",
      "न",
      "😀",
      "ATTENDEE:mailto:attacker@evil.test",
      "DTSTART:20300101T000000Z",
      "URL:https://evil.test",
      "END:VEVENT",
      "BEGIN:VEVENT",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
  ),
  maxLength: 40,
});

describe("the calendar file stays one event whatever people wrote (RFC 5545)", () => {
  const person = fc.record({ name: hostileText, email: fc.constantFrom("asha@example.com", "priya.s+1@example.co.in") });
  const hostileEvent = fc.record({
    summary: hostileText,
    description: fc.option(hostileText, { nil: undefined }),
    organizer: fc.option(person, { nil: undefined }),
    attendees: fc.option(fc.array(person, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  });

  it("every generated file parses strictly, with one VEVENT, its own properties only, and the text said as written", () => {
    fc.assert(
      fc.property(hostileEvent, fc.constantFrom("feed", "REQUEST", "CANCEL"), (fields, kind) => {
        const e: IcsEvent = { ...event, ...fields };
        const text = kind === "feed" ? icsCalendar([e]) : icsInvitation(e, kind);
        const properties = parseStrictly(text);
        const begins = properties.filter((p) => p.name === "BEGIN").map((p) => p.value);
        expect(begins).toEqual(["VCALENDAR", "VEVENT"]);
        expect(properties.filter((p) => p.name === "END").map((p) => p.value)).toEqual(["VEVENT", "VCALENDAR"]);
        const first = properties.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT");
        const last = properties.findIndex((p) => p.name === "END" && p.value === "VEVENT");
        const inEvent = properties.slice(first + 1, last);
        const expected = [
          "UID",
          "DTSTAMP",
          "DTSTART",
          "DTEND",
          "URL",
          "STATUS",
          "TRANSP",
          ...(icsText(e.summary) ? ["SUMMARY"] : []),
          ...(e.description && icsText(e.description) ? ["DESCRIPTION"] : []),
          ...(kind === "CANCEL" ? ["SEQUENCE"] : []),
          ...(e.organizer ? ["ORGANIZER"] : []),
          ...(e.attendees ?? []).map(() => "ATTENDEE"),
        ];
        expect(inEvent.map((p) => p.name).sort()).toEqual(expected.sort());
        expect(inEvent.find((p) => p.name === "URL")?.value).toBe(event.url);
        expect(inEvent.find((p) => p.name === "DTSTART")?.value).toBe("20260309T140000Z");
        const said = (name: string) => unescapeText(inEvent.find((p) => p.name === name)?.value ?? "");
        expect(said("SUMMARY")).toBe(icsText(e.summary));
        expect(said("DESCRIPTION")).toBe(e.description ? icsText(e.description) : "");
        const cn = (p?: Property) => p?.params.CN;
        // The library's own word for a name that is left empty.
        const named = (name: string, otherwise: string) => icsParamValue(name) || otherwise;
        if (e.organizer) expect(cn(inEvent.find((p) => p.name === "ORGANIZER"))).toBe(named(e.organizer.name, "Organizer"));
        expect(inEvent.filter((p) => p.name === "ATTENDEE").map(cn)).toEqual(
          (e.attendees ?? []).map((a) => named(a.name, "Unnamed attendee")),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("an agenda or title with bare carriage returns comes out as escaped line breaks inside its own property", () => {
    const text = icsCalendar([
      {
        ...event,
        summary: "Intro\rDTSTART:20300101T000000Z",
        description: "hello\rATTENDEE:mailto:attacker@evil.test\rURL:https://evil.test",
      },
    ]);
    const names = parseStrictly(text).map((p) => p.name);
    expect(names.filter((n) => n === "ATTENDEE" || n === "DTSTART" || n === "URL")).toEqual(["DTSTART", "URL"]);
    expect(lines(text)).toContain("DESCRIPTION:hello\\nATTENDEE:mailto:attacker@evil.test\\nURL:https://evil.test");
  });
});
