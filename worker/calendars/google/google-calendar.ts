import { zonedInstant } from "../../../shared/zoned-time";
import {
  type BusyChange,
  CalendarMissing,
  type CalendarProvider,
  type ProviderCall,
  type PullResult,
  type RemoteCalendar,
  type SessionEvent,
} from "../sync/provider";
import { type GoogleCredentials, type GoogleSettings, googleApi } from "./google-api";

export type { GoogleCredentials } from "./google-api";

/** The private property our session events carry, so a pull never reads a session we wrote as the mentor being busy. */
export const SESSION_PROPERTY = "mentorlinkSession";
/** How long Google keeps a watch channel (its maximum for events is a week; we renew well before). */
const WATCH_SECONDS = 7 * 24 * 60 * 60;
const PAGE_SIZE = "250";

type GoogleTime = { dateTime?: string; date?: string; timeZone?: string };
export type GoogleEvent = {
  id: string;
  status?: "confirmed" | "tentative" | "cancelled";
  transparency?: "opaque" | "transparent";
  start?: GoogleTime;
  end?: GoogleTime;
  attendees?: { self?: boolean; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string> };
};
type EventsPage = { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string; timeZone?: string };
type CalendarListPage = {
  items?: { id: string; summary?: string; summaryOverride?: string; primary?: boolean; accessRole?: string; deleted?: boolean }[];
  nextPageToken?: string;
};

const calendarPath = (remoteId: string) => `/calendars/${encodeURIComponent(remoteId)}`;

/**
 * A mentor's Google Calendar (API v3 over plain fetch): her calendars, her busy time pulled with
 * Google's sync tokens (recurring events expanded by Google), the sessions written back under
 * our UID, and push through watch channels. Settings come from the Worker's config, so in
 * development the same code talks to the local Google Calendar (ADR 0033).
 */
export function googleCalendar(settings: GoogleSettings): CalendarProvider<GoogleCredentials> {
  const api = googleApi(settings);

  async function listEvents(call: ProviderCall<GoogleCredentials>, remoteId: string, query: Record<string, string | undefined>) {
    const changes: BusyChange[] = [];
    let pageToken: string | undefined;
    let timeZone = "UTC";
    for (;;) {
      const page = await api.call<EventsPage>(call, {
        path: `${calendarPath(remoteId)}/events`,
        query: { ...query, singleEvents: "true", maxResults: PAGE_SIZE, pageToken },
        what: "an events list",
      });
      if (page.status === 410) return { gone: true as const };
      if (page.status === 404) throw new CalendarMissing();
      const body = page.json ?? {};
      timeZone = body.timeZone ?? timeZone;
      for (const event of body.items ?? []) changes.push(busyChange(event, timeZone));
      if (body.nextPageToken) {
        pageToken = body.nextPageToken;
        continue;
      }
      return { gone: false as const, changes, nextSyncState: body.nextSyncToken ?? null };
    }
  }

  return {
    kind: "google",

    async listCalendars(call) {
      const calendars: RemoteCalendar[] = [];
      let pageToken: string | undefined;
      do {
        const page = await api.call<CalendarListPage>(call, {
          path: "/users/me/calendarList",
          query: { pageToken },
          what: "the calendar list",
        });
        for (const item of page.json?.items ?? []) {
          if (item.deleted) continue;
          calendars.push({
            remoteId: item.id,
            name: item.summaryOverride ?? item.summary ?? item.id,
            primary: item.primary === true,
            writable: item.accessRole === "writer" || item.accessRole === "owner",
          });
        }
        pageToken = page.json?.nextPageToken;
      } while (pageToken);
      return calendars;
    },

    async pullBusy(call, remoteId, syncState, window): Promise<PullResult> {
      if (syncState) {
        const delta = await listEvents(call, remoteId, { syncToken: syncState });
        if (!delta.gone) return { changes: delta.changes, nextSyncState: delta.nextSyncState, complete: false };
        // 410: Google forgot the token; the whole window again, and the mirror is replaced by it.
      }
      const all = await listEvents(call, remoteId, { timeMin: window.from.toISOString(), timeMax: window.to.toISOString() });
      if (all.gone) throw new Error("Google refused a complete events list with 410");
      return { changes: all.changes, nextSyncState: all.nextSyncState, complete: true };
    },

    async putSessionEvent(call, remoteId, event, ref) {
      const body = sessionBody(event);
      if (ref) {
        const updated = await api.call<GoogleEvent>(call, {
          method: "PUT",
          path: `${calendarPath(remoteId)}/events/${encodeURIComponent(ref)}`,
          body,
          what: "a session's event update",
        });
        if (updated.json) return { ref: updated.json.id };
        // The mentor deleted it in Google: written anew below.
      }
      const inserted = await api.call<GoogleEvent>(call, {
        method: "POST",
        path: `${calendarPath(remoteId)}/events`,
        body,
        what: "a session's event",
      });
      if (inserted.json) return { ref: inserted.json.id };
      if (inserted.status !== 409) throw new Error(`Google refused the session's event (${inserted.status})`);
      // 409: written before (an answer lost on the way): the event with our UID is replaced.
      const found = await api.call<{ items?: GoogleEvent[] }>(call, {
        path: `${calendarPath(remoteId)}/events`,
        query: { iCalUID: event.uid, showDeleted: "true" },
        what: "the session's event by UID",
      });
      const existing = found.json?.items?.[0];
      if (!existing) throw new Error("Google says the session's event exists but does not list it");
      const replaced = await api.call<GoogleEvent>(call, {
        method: "PUT",
        path: `${calendarPath(remoteId)}/events/${encodeURIComponent(existing.id)}`,
        body,
        what: "a session's event update",
      });
      if (!replaced.json) throw new Error(`Google refused the session's event update (${replaced.status})`);
      return { ref: replaced.json.id };
    },

    async removeSessionEvent(call, remoteId, ref) {
      // 404 and 410 (deleted already, by the mentor or an earlier try) are what we wanted.
      await api.call(call, {
        method: "DELETE",
        path: `${calendarPath(remoteId)}/events/${encodeURIComponent(ref)}`,
        what: "a session's event removal",
      });
    },

    async watch(call, remoteId, channel) {
      const answer = await api.call<{ resourceId: string; expiration?: string }>(call, {
        method: "POST",
        path: `${calendarPath(remoteId)}/events/watch`,
        body: { id: channel.id, type: "web_hook", address: channel.address, token: channel.token, params: { ttl: String(WATCH_SECONDS) } },
        what: "a watch request",
      });
      if (!answer.json?.resourceId) throw new Error(`Google refused to watch the calendar (${answer.status})`);
      const expiresAt = answer.json.expiration
        ? new Date(Number(answer.json.expiration))
        : new Date(call.now.getTime() + WATCH_SECONDS * 1000);
      return { resourceId: answer.json.resourceId, expiresAt };
    },

    async stopWatch(call, channel) {
      // 404: the channel had expired or was stopped already.
      await api.call(call, {
        method: "POST",
        path: "/channels/stop",
        body: { id: channel.id, resourceId: channel.resourceId },
        what: "a channel stop",
      });
    },

    async revoke(call) {
      await api.revoke(call.credentials.refreshToken);
    },
  };
}

/**
 * One event as busy time or not: cancelled, shown as free, declined by the mentor, or one of our own
 * session events do not block; an all-day event blocks its dates from midnight in its calendar's zone.
 */
export function busyChange(event: GoogleEvent, calendarZone: string): BusyChange {
  const gone = { kind: "gone" as const, remoteEventId: event.id };
  if (event.status === "cancelled" || event.transparency === "transparent") return gone;
  if (event.attendees?.some((a) => a.self && a.responseStatus === "declined")) return gone;
  if (event.extendedProperties?.private?.[SESSION_PROPERTY]) return gone;
  const startAt = instant(event.start, calendarZone);
  const endAt = instant(event.end, calendarZone);
  if (!startAt || !endAt || endAt <= startAt) return gone;
  return { kind: "busy", remoteEventId: event.id, startAt, endAt };
}

function instant(time: GoogleTime | undefined, calendarZone: string): Date | null {
  if (time?.dateTime) {
    const at = new Date(time.dateTime);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  if (time?.date) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(time.date)) return null;
    try {
      const midnight = zonedInstant(time.date, "00:00", time.timeZone ?? calendarZone);
      return Number.isNaN(midnight.getTime()) ? null : midnight;
    } catch {
      // A zone Google names and the runtime does not know: the day in UTC is near enough to block it.
      return new Date(`${time.date}T00:00:00Z`);
    }
  }
  return null;
}

function sessionBody(event: SessionEvent) {
  return {
    iCalUID: event.uid,
    summary: event.title,
    description: event.description ? `${event.description}\n\n${event.joinUrl}` : event.joinUrl,
    location: event.joinUrl,
    start: { dateTime: event.startAt.toISOString(), timeZone: "UTC" },
    end: { dateTime: event.endAt.toISOString(), timeZone: "UTC" },
    status: "confirmed",
    transparency: "opaque",
    source: { title: event.title, url: event.joinUrl },
    extendedProperties: { private: { [SESSION_PROPERTY]: event.uid } },
  };
}
