import { describe, expect, it } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "../../src/scheduling/booking/calendar-links";

/** "Add to Google Calendar" and "Outlook" from "You're booked": the calendars' public templates, filled in by us. */
const session = {
  title: "Mentorship session with Asha Rao",
  details: "Agenda: Portfolio & interviews",
  start: "2026-03-09T15:00:00.000Z",
  end: "2026-03-09T16:00:00.000Z",
  type: "session",
  joinUrl: "https://mentorlink.example/mentees/connect/live/slot-1",
};

describe("calendar template links", () => {
  it("Google: the event's title, UTC times, details with the join link, and the room as its place", () => {
    const url = new URL(googleCalendarUrl(session));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe(session.title);
    expect(url.searchParams.get("dates")).toBe("20260309T150000Z/20260309T160000Z");
    expect(url.searchParams.get("details")).toBe(`Agenda: Portfolio & interviews\n\n${session.joinUrl}`);
    expect(url.searchParams.get("location")).toBe(session.joinUrl);
  });

  it("Outlook: the compose deep link with ISO times; a free intro call ends 15 minutes in", () => {
    const url = new URL(outlookCalendarUrl({ ...session, type: "trial" }));
    expect(url.origin + url.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(url.searchParams.get("rru")).toBe("addevent");
    expect(url.searchParams.get("subject")).toBe(session.title);
    expect(url.searchParams.get("startdt")).toBe("2026-03-09T15:00:00.000Z");
    expect(url.searchParams.get("enddt")).toBe("2026-03-09T15:15:00.000Z");
    expect(url.searchParams.get("location")).toBe(session.joinUrl);
    expect(url.searchParams.get("body")).toContain(session.joinUrl);
  });
});
