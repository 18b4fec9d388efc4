/**
 * iCalendar (RFC 5545) text for bookings: one event per booked session, times in UTC ("Z"), so every
 * calendar shows them in its owner's zone. Written here rather than with a library (none is installed;
 * see ADR 0013): escaping (3.3.11), line folding at 75 octets (3.1) and CRLF line ends are all there is.
 */

export type IcsEvent = {
  /** Stable per booking: the same booking is the same event in every export and in the feed. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  /** When the booking was made (DTSTAMP, and SEQUENCE base). */
  stamp: Date;
};

const PRODID = "-//MentorLink//Bookings//EN";

/** 20260309T040000Z */
export function icsInstant(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, never splitting a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines carry a leading space
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(e: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${icsInstant(e.stamp)}`,
    `DTSTART:${icsInstant(e.start)}`,
    `DTEND:${icsInstant(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  lines.push("STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** A whole calendar (one download, or a feed). */
export function icsCalendar(events: IcsEvent[], name = "MentorLink sessions"): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODID}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(name)}`];
  for (const e of events) lines.push(...eventLines(e));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
