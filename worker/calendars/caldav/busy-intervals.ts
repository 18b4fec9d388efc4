import ICAL from "ical.js";
import { dayjs, isTimeZone } from "../../../shared/zoned-time";

/**
 * The busy time in one calendar object (a CalDAV resource: one event, or a recurring one with its changed
 * occurrences), within a window (ADR 0040). Recurring events are expanded with ical.js (RRULE, RDATE, EXDATE,
 * and RECURRENCE-ID overrides); an event marked free (TRANSP:TRANSPARENT) or cancelled blocks nothing; an
 * all-day event blocks the mentor's whole days in his zone, as does a floating time (no zone) read in his zone.
 */
export type Interval = { startAt: Date; endAt: Date };

/** The sessions we write into the mentor's calendar carry our UID: they are bookings already, never busy time of their own. */
export const isOurSession = (uid: unknown) => typeof uid === "string" && uid.endsWith("@mentorlink");

/** A runaway rule (every minute for years) stops here rather than hold the background work. */
const MAX_OCCURRENCES = 5000;

/** The instant of an iCalendar time: a date is the start of that day in `zone`; a wall time in its TZID, else in `zone`. */
export function instantOf(time: ICAL.Time, zone: string, tzidHint?: string): number {
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return dayjs.tz(`${date} 00:00:00`, zone).valueOf();
  const tzid = time.zone?.tzid ?? "";
  if (tzid === "UTC" || tzid === "Z") return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // ical.js keeps the TZID on a parsed time but not on the occurrences it expands: the series' TZID is the hint.
  const named = (time as unknown as { timezone?: string }).timezone || tzidHint || tzid;
  const wall = `${date} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
  // An IANA name is read with the runtime's own rules; a custom VTIMEZONE (Outlook's names) with the object's rules.
  if (named && named !== "floating" && isTimeZone(named)) return dayjs.tz(wall, named).valueOf();
  if (tzid && tzid !== "floating" && ICAL.TimezoneService.has(tzid)) return time.toUnixTime() * 1000;
  return dayjs.tz(wall, zone).valueOf();
}

const blocks = (event: ICAL.Component) =>
  String(event.getFirstPropertyValue("status") ?? "").toUpperCase() !== "CANCELLED" &&
  String(event.getFirstPropertyValue("transp") ?? "").toUpperCase() !== "TRANSPARENT";

const tzidOf = (event: ICAL.Component, property: string) => {
  const value = event.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : undefined;
};

function span(start: ICAL.Time, end: ICAL.Time, zone: string, source: ICAL.Component): Interval | null {
  const startZone = tzidOf(source, "dtstart");
  const startAt = instantOf(start, zone, startZone);
  let endAt = instantOf(end, zone, tzidOf(source, "dtend") ?? startZone);
  // An all-day event without an end lasts its one day (RFC 5545 3.6.1).
  if (endAt <= startAt && start.isDate)
    endAt = dayjs.tz(dayjs(startAt).tz(zone).add(1, "day").format("YYYY-MM-DD 00:00:00"), zone).valueOf();
  return endAt > startAt ? { startAt: new Date(startAt), endAt: new Date(endAt) } : null;
}

export function busyIntervalsOf(ics: string, window: { from: Date; to: Date }, zone: string): Interval[] {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const timezone of root.getAllSubcomponents("vtimezone")) {
    const tzid = String(timezone.getFirstPropertyValue("tzid") ?? "");
    if (tzid && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(new ICAL.Timezone(timezone), tzid);
  }
  const vevents = root.getAllSubcomponents("vevent").filter((e) => !isOurSession(e.getFirstPropertyValue("uid")));
  const masters = vevents.filter((e) => !e.hasProperty("recurrence-id"));
  const from = window.from.getTime();
  const to = window.to.getTime();
  const within = (i: Interval | null): i is Interval => i !== null && i.startAt.getTime() < to && i.endAt.getTime() > from;
  const out: Interval[] = [];
  for (const component of masters) {
    const event = new ICAL.Event(component);
    for (const exception of vevents) {
      if (exception !== component && exception.hasProperty("recurrence-id") && exception.getFirstPropertyValue("uid") === event.uid)
        event.relateException(exception);
    }
    if (!event.isRecurring()) {
      const interval = blocks(component) ? span(event.startDate, event.endDate, zone, component) : null;
      if (within(interval)) out.push(interval);
      continue;
    }
    const iterator = event.iterator();
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      if (instantOf(next, zone, tzidOf(component, "dtstart")) >= to) break;
      const details = event.getOccurrenceDetails(next);
      if (!blocks(details.item.component)) continue;
      const interval = span(details.startDate, details.endDate, zone, details.item.component);
      if (within(interval)) out.push(interval);
    }
  }
  // Changed occurrences without their series (a calendar may hold only the invitation to one of them).
  if (masters.length === 0) {
    for (const component of vevents) {
      const event = new ICAL.Event(component);
      const interval = blocks(component) ? span(event.startDate, event.endDate, zone, component) : null;
      if (within(interval)) out.push(interval);
    }
  }
  return out;
}

/** Intervals merged where they overlap or touch, in order: what the scheduler draws as blocked. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  const merged: Interval[] = [];
  for (const next of sorted) {
    const last = merged[merged.length - 1];
    if (last && next.startAt.getTime() <= last.endAt.getTime()) {
      if (next.endAt > last.endAt) last.endAt = next.endAt;
    } else merged.push({ startAt: next.startAt, endAt: next.endAt });
  }
  return merged;
}
