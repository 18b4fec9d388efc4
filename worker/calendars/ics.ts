import { createEvents, type EventAttributes } from "ics";
import type { Locale } from "../../shared/locale";
import { calendarName } from "../platform/i18n/calendar";

/**
 * iCalendar (RFC 5545) text for bookings, written by the `ics` library (ADR 0013): one event per
 * booked session, times in UTC ("Z"), so every calendar shows them in its owner's zone. The library
 * does the escaping (3.3.11), line folding and CRLF line ends; it is plain JavaScript (no Node-only
 * APIs), so it runs in workerd.
 *
 * What people wrote (names, a slot's title and description, an agenda) is made safe here first, since
 * the library escapes only LF in text and only wraps parameter values in quotes: a bare CR would end
 * the line for a calendar reader and start a property of its own (ATTENDEE, URL, DTSTART). The input
 * schemas refuse control characters (shared/validation/plain-text.ts); this also covers what was
 * stored before they did.
 */

export type IcsEvent = {
  /** Stable per booking: the same booking is the same event in every export and in the feed. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  /** Raised each time the event changes (a moved booking), so calendars replace their copy. */
  sequence?: number;
  /** When the booking was made (DTSTAMP). */
  stamp: Date;
  /** An invitation (METHOD:REQUEST / CANCEL, RFC 5546) names who organizes it and who attends. */
  organizer?: IcsPerson;
  attendees?: IcsPerson[];
  /** CANCELLED in a cancellation; CONFIRMED otherwise. */
  status?: "CONFIRMED" | "CANCELLED";
};

export type IcsPerson = { name: string; email: string };

const PRODID = "-//MentorLink//Bookings//EN";

/** `ics` reads `timestamp` (DTSTAMP) although its typings do not name it. */
type WithStamp = EventAttributes & { timestamp: number };

/** TEXT (3.3.11): every line break (CRLF, CR, LF) as LF, which the library escapes as `\n`; the other controls (but tab) removed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is what it is for
export const icsText = (text: string) => text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");

/**
 * A parameter value (CN, 3.2): one line without DQUOTE, which a parameter value cannot carry even quoted,
 * and without the ";" and ":" that end a parameter and its property for readers that ignore the quotes.
 * Controls become spaces, runs of spaces one.
 */
export const icsParamValue = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters cannot stand in a parameter value
    .replace(/[\u0000-\u001F\u007F-\u009F";:]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** An address after `mailto:`: nothing that could end the line or the value. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters cannot stand in an address
const icsAddress = (email: string) => email.replace(/[\u0000-\u0020\u007F"<>;:,\\]/g, "");

const person = (p: IcsPerson) => ({ name: icsParamValue(p.name), email: icsAddress(p.email) });

function toAttributes(e: IcsEvent): WithStamp {
  const description = e.description ? icsText(e.description) : "";
  return {
    uid: e.uid,
    start: e.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: e.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    timestamp: e.stamp.getTime(),
    title: icsText(e.summary),
    ...(description ? { description } : {}),
    ...(e.url ? { url: e.url } : {}),
    ...(e.sequence ? { sequence: e.sequence } : {}),
    status: e.status ?? "CONFIRMED",
    transp: "OPAQUE",
    ...(e.organizer ? { organizer: person(e.organizer) } : {}),
    ...(e.attendees
      ? {
          attendees: e.attendees.map((a) => ({
            ...person(a),
            rsvp: false,
            partstat: "ACCEPTED" as const,
            role: "REQ-PARTICIPANT" as const,
          })),
        }
      : {}),
  };
}

/**
 * A whole calendar (one download, or a feed); an empty list is a valid, empty calendar. Its name is in
 * the owner's language (ADR 0027), as are the events' words (worker/platform/i18n/calendar.ts).
 */
export function icsCalendar(events: IcsEvent[], locale: Locale = "en"): string {
  const { error, value } = createEvents(events.map(toAttributes), { productId: PRODID, method: "PUBLISH", calName: calendarName(locale) });
  if (error || value === null) throw new Error(`Could not write the calendar: ${error?.message ?? "no output"}`);
  return value;
}

export type InvitationMethod = "REQUEST" | "CANCEL";

/**
 * The calendar file an e-mail carries (RFC 5546, iTIP): METHOD:REQUEST adds or updates the event in
 * the recipient's calendar (a moved booking: same UID, higher SEQUENCE); METHOD:CANCEL removes it,
 * the same UID with STATUS:CANCELLED and SEQUENCE one above the last version sent.
 */
export function icsInvitation(event: IcsEvent, method: InvitationMethod): string {
  const e: IcsEvent = method === "CANCEL" ? { ...event, status: "CANCELLED", sequence: (event.sequence ?? 0) + 1 } : event;
  const { error, value } = createEvents([toAttributes(e)], { productId: PRODID, method });
  if (error || value === null) throw new Error(`Could not write the invitation: ${error?.message ?? "no output"}`);
  return value;
}

/**
 * One event as a calendar object resource (RFC 4791 4.1: no METHOD), written into a mentor's own calendar over
 * CalDAV with the same UID as the booking's `.ics` files, so a calendar holding both shows it once.
 */
export function icsObject(event: IcsEvent): string {
  const { error, value } = createEvents([toAttributes(event)], { productId: PRODID });
  if (error || value === null) throw new Error(`Could not write the event: ${error?.message ?? "no output"}`);
  return value;
}
