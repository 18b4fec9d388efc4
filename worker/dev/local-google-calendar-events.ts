import type { Db } from "../../db/client";
import { type CalendarRow, liveChannels, saveEvent } from "./local-google-calendar-store";

/**
 * Events of the local Google Calendar as Google's API shows them: a recurring event's instances when
 * asked for single events (daily or weekly rules with COUNT, UNTIL and INTERVAL, what the page makes),
 * and the push Google sends to every live watch channel when a calendar changes (ADR 0033).
 */
export type EventTime = { dateTime?: string; date?: string; timeZone?: string };
export type LocalEvent = {
  kind?: "calendar#event";
  id: string;
  iCalUID: string;
  status: "confirmed" | "tentative" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  start: EventTime;
  end: EventTime;
  transparency?: "opaque" | "transparent";
  attendees?: { email?: string; self?: boolean; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: EventTime;
  updated?: string;
};

const DAY = 24 * 60 * 60 * 1000;
const MAX_INSTANCES = 400;

const startMs = (t: EventTime) => Date.parse(t.dateTime ?? `${t.date}T00:00:00Z`);

function stamp(at: number, allDay: boolean): string {
  const iso = new Date(at).toISOString();
  return allDay ? iso.slice(0, 10).replaceAll("-", "") : `${iso.slice(0, 19).replaceAll("-", "").replaceAll(":", "")}Z`;
}

function shifted(t: EventTime, by: number): EventTime {
  if (t.date) return { date: new Date(Date.parse(`${t.date}T00:00:00Z`) + by).toISOString().slice(0, 10) };
  return { dateTime: new Date(startMs(t) + by).toISOString(), timeZone: t.timeZone };
}

/** The event itself, or its instances (each with its own id, as Google names them) when it repeats. */
export function expand(event: LocalEvent): LocalEvent[] {
  const rule = event.recurrence?.find((line) => line.startsWith("RRULE:"));
  if (!rule) return [event];
  const parts = Object.fromEntries(
    rule
      .slice(6)
      .split(";")
      .map((p) => p.split("=") as [string, string]),
  );
  const step = (parts.FREQ === "WEEKLY" ? 7 : 1) * DAY * Math.max(1, Number(parts.INTERVAL ?? 1));
  const count = Math.min(Number(parts.COUNT ?? MAX_INSTANCES), MAX_INSTANCES);
  const until = parts.UNTIL ? untilMs(parts.UNTIL) : Number.POSITIVE_INFINITY;
  const { recurrence: _recurrence, ...master } = event;
  const instances: LocalEvent[] = [];
  for (let i = 0; i < count; i++) {
    const at = startMs(event.start) + i * step;
    if (at > until) break;
    instances.push({
      ...master,
      id: `${event.id}_${stamp(at, Boolean(event.start.date))}`,
      recurringEventId: event.id,
      originalStartTime: shifted(event.start, i * step),
      start: shifted(event.start, i * step),
      end: shifted(event.end, i * step),
    });
  }
  return instances;
}

/** RFC 5545's UNTIL: a date (the whole day counts) or a UTC date-time. */
function untilMs(value: string): number {
  const m = value.match(/^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/);
  if (!m) return Number.POSITIVE_INFINITY;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 23), +(m[5] ?? 59), +(m[6] ?? 59));
}

/** Whether an event (or instance) overlaps [from, to). */
export const overlaps = (event: LocalEvent, from: number, to: number) => startMs(event.start) < to && startMs(event.end) > from;

/** Writes an event and tells the calendar's watch channels, as Google does after a change. */
export async function writeEvent(db: Db, calendar: CalendarRow, event: LocalEvent): Promise<LocalEvent> {
  const saved = { ...event, kind: "calendar#event" as const, updated: new Date().toISOString() };
  await saveEvent(db, calendar.id, saved);
  void pushChange(db, calendar.id, "exists");
  return saved;
}

let messageNumber = 1;

/** Google's push: a POST with the channel's headers and no body; `sync` when a channel starts, `exists` after a change. */
export async function pushChange(db: Db, calendarId: string, state: "sync" | "exists", only?: string): Promise<void> {
  try {
    const channels = (await liveChannels(db, calendarId)).filter((channel) => !only || channel.id === only);
    await Promise.all(
      channels.map((channel) =>
        fetch(channel.address, {
          method: "POST",
          headers: {
            "x-goog-channel-id": channel.id,
            ...(channel.token ? { "x-goog-channel-token": channel.token } : {}),
            "x-goog-channel-expiration": new Date(channel.expiration).toUTCString(),
            "x-goog-resource-id": channel.resource_id,
            "x-goog-resource-state": state,
            "x-goog-resource-uri": `https://www.googleapis.com/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`,
            "x-goog-message-number": String(messageNumber++),
          },
        })
          .then((response) => response.body?.cancel())
          .catch((error) => console.warn(`local Google Calendar: the push to ${channel.address} failed`, error)),
      ),
    );
  } catch (error) {
    console.warn("local Google Calendar: no push", error);
  }
}
