import { t } from "@lingui/core/macro";
import { callEnd } from "../../../shared/live-window";

/**
 * "Add to Google Calendar" and "Outlook": the calendars' public event templates, filled in here (no request of ours
 * leaves the browser until she follows one). They carry the call's real length (a free intro call is 15 minutes of
 * its hour) and the session's live room, where she joins, as in the .ics.
 */
export type CalendarEventDraft = { title: string; details: string; start: string; end: string; type: string; joinUrl: string };

/** "20260309T150000Z": the UTC form both templates read. */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const endOf = (e: CalendarEventDraft) => callEnd({ type: e.type, start: new Date(e.start), end: new Date(e.end) });

export function googleCalendarUrl(e: CalendarEventDraft): string {
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${utcStamp(new Date(e.start))}/${utcStamp(endOf(e))}`,
    details: `${e.details}\n\n${e.joinUrl}`,
    location: e.joinUrl,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookCalendarUrl(e: CalendarEventDraft): string {
  const query = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: new Date(e.start).toISOString(),
    enddt: endOf(e).toISOString(),
    body: `${e.details}\n\n${e.joinUrl}`,
    location: e.joinUrl,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}

/** The session's live room as a full address (the page draws it in the browser: it knows its own origin). */
export const liveRoomUrl = (slotId: string) =>
  `${typeof window === "undefined" ? "" : window.location.origin}/mentees/connect/live/${slotId}`;

type BookingForCalendar = {
  id: string;
  type: string;
  start: string;
  end: string;
  mentorName: string;
  title: string | null;
  agenda: string | null;
};

/** The calendar templates' event: her words for the session, its topic and agenda, and the live room. */
export function calendarDraft(b: BookingForCalendar): CalendarEventDraft {
  const mentorName = b.mentorName;
  const agenda = b.agenda ?? "";
  const title = b.type === "trial" ? t`Free intro call with ${mentorName}` : t`Mentorship session with ${mentorName}`;
  const details = [b.title ?? "", agenda ? t`Agenda: ${agenda}` : ""].filter(Boolean).join("\n");
  return { title, details, start: b.start, end: b.end, type: b.type, joinUrl: liveRoomUrl(b.id) };
}
