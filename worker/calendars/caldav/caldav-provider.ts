import { calendarMultiGet, createAccount, type DAVAccount, fetchCalendarObjects, fetchCalendars, propfind, syncCollection } from "tsdav";
import { type Env, isDevelopment, readConfig } from "../../platform/env";
import { icsObject } from "../ics";
import {
  type BusyChange,
  CalendarAccessLost,
  CalendarMissing,
  type CalendarProvider,
  CalendarReadOnly,
  CalendarUnreachable,
  type ProviderCall,
  type PullResult,
  type RemoteCalendar,
} from "../sync/provider";
import { busyIntervalsOf } from "./busy-intervals";
import { writableFromPrivileges } from "./privileges";
import { caldavUrlProblem } from "./safe-url";

/** What a CalDAV account is opened with (stored encrypted): the server's address, the user and an app password. */
export type CaldavCredentials = { serverUrl: string; username: string; password: string };

/** A server that takes longer than this is "not answering": the pull is retried later. */
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;
/** A delta pull is enough between these; then the whole window is read again, so recurring events keep filling the window as it moves. */
const FULL_PULL_EVERY_MS = 6 * 60 * 60 * 1000;

/** The server refused the address itself (SSRF rule): shown to the mentor as it is. */
export class CaldavAddressRefused extends Error {
  name = "CaldavAddressRefused";
}

/**
 * One request. A connection the server closed while it sat in the pool ("Network connection lost") is tried once
 * more on a new one: every CalDAV request we make is idempotent (PROPFIND, REPORT, PUT of a whole object, DELETE).
 */
async function fetchOnce(url: string, init: RequestInit | undefined): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      if (attempt < 3 && /connection lost|reset|closed/i.test(String((error as Error).message))) continue;
      throw new CalendarUnreachable(`caldav: no answer: ${(error as Error).message}`);
    }
  }
}

/**
 * Every request to the server goes through here: the address rule on each hop (redirects are followed by hand, so
 * a public server cannot send us inside), a timeout, and a refused sign-in as CalendarAccessLost.
 */
function guardedFetch(allowLocal: boolean): typeof fetch {
  return async (input, init) => {
    let url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const problem = caldavUrlProblem(url, allowLocal);
      if (problem) throw new CaldavAddressRefused(problem);
      const response = await fetchOnce(url, init);
      if (response.status === 401) throw new CalendarAccessLost("caldav: sign-in refused (401)");
      const location = response.headers.get("location");
      if (init?.redirect === "manual" || response.status < 300 || response.status >= 400 || !location) return response;
      url = new URL(location, url).href;
    }
    throw new CalendarUnreachable("caldav: too many redirects");
  };
}

const basicAuth = (c: CaldavCredentials) => ({
  authorization: `Basic ${btoa(unescape(encodeURIComponent(`${c.username}:${c.password}`)))}`,
});
const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
/** One name per calendar object, whatever form its href took (a path, or a full URL). */
const objectKey = (href: string, base: string) => new URL(href, withSlash(base)).pathname;

type SyncState = { ctag?: string; token?: string; fullAt: number };

export const caldavProvider = (env: Env): CalendarProvider<CaldavCredentials> => {
  const allowLocal = isDevelopment(readConfig(env));
  const davFetch = guardedFetch(allowLocal);

  async function account(c: CaldavCredentials): Promise<DAVAccount> {
    const problem = caldavUrlProblem(c.serverUrl, allowLocal);
    if (problem) throw new CaldavAddressRefused(problem);
    try {
      return await createAccount({
        account: { serverUrl: c.serverUrl, accountType: "caldav", credentials: { username: c.username, password: c.password } },
        headers: basicAuth(c),
        fetch: davFetch,
      });
    } catch (error) {
      if (error instanceof CalendarAccessLost || error instanceof CalendarUnreachable || error instanceof CaldavAddressRefused) throw error;
      if (/401|Invalid credentials/i.test(String((error as Error).message))) throw new CalendarAccessLost();
      throw new CalendarUnreachable(`caldav: no calendars found: ${(error as Error).message}`);
    }
  }

  function busyChanges(
    objects: { url?: string; href?: string; data?: unknown }[],
    base: string,
    call: ProviderCall<CaldavCredentials>,
    window: { from: Date; to: Date },
  ) {
    const changes: BusyChange[] = [];
    for (const object of objects) {
      const href = object.url ?? object.href;
      if (!href) continue;
      const remoteEventId = objectKey(href, base);
      changes.push({ kind: "gone", remoteEventId });
      const data = typeof object.data === "string" ? object.data : "";
      if (!data) continue;
      try {
        for (const i of busyIntervalsOf(data, window, call.zone ?? "UTC")) changes.push({ kind: "busy", remoteEventId, ...i });
      } catch (error) {
        // One object the parser cannot read does not stop the calendar's others.
        console.warn(`calendar object ${remoteEventId} not readable`, error);
      }
    }
    return changes;
  }

  return {
    kind: "caldav",

    async listCalendars(call): Promise<RemoteCalendar[]> {
      const calendars = await fetchCalendars({
        account: await account(call.credentials),
        headers: basicAuth(call.credentials),
        fetch: davFetch,
        // tsdav's own list, and what the user may do in each calendar (a subscription is read-only).
        props: {
          "c:calendar-description": {},
          "c:calendar-timezone": {},
          "d:displayname": {},
          "cs:getctag": {},
          "d:resourcetype": {},
          "c:supported-calendar-component-set": {},
          "d:sync-token": {},
          "d:current-user-privilege-set": {},
        },
        projectedProps: { currentUserPrivilegeSet: true },
      });
      const listed = calendars
        .filter((c) => !c.components?.length || c.components.includes("VEVENT"))
        .map((c) => ({
          remoteId: c.url,
          name:
            (typeof c.displayName === "string" && c.displayName) || decodeURIComponent(c.url.replace(/\/$/, "").split("/").pop() ?? c.url),
          primary: false,
          writable: writableFromPrivileges(c.projectedProps?.currentUserPrivilegeSet),
        }));
      // CalDAV names no main calendar: the first one of his own (writable) stands for it, not a subscription listed first.
      const main = Math.max(
        0,
        listed.findIndex((c) => c.writable),
      );
      return listed.map((c, i) => ({ ...c, primary: i === main }));
    },

    async pullBusy(call, remoteId, syncState, window): Promise<PullResult> {
      const headers = basicAuth(call.credentials);
      const [head] = await propfind({
        url: remoteId,
        props: { "cs:getctag": {}, "d:sync-token": {} },
        depth: "0",
        headers,
        fetch: davFetch,
      });
      if (!head || head.status === 404 || head.status === 410) throw new CalendarMissing();
      if (!head.ok && head.status !== 207) throw new CalendarUnreachable(`caldav: calendar answered ${head.status}`);
      const ctag = head.props?.getctag ? String(head.props.getctag) : undefined;
      const token = head.props?.syncToken ? String(head.props.syncToken) : undefined;
      const before: SyncState | null = syncState ? (JSON.parse(syncState) as SyncState) : null;
      const fresh = before && call.now.getTime() - before.fullAt < FULL_PULL_EVERY_MS;
      if (fresh && ctag && before.ctag === ctag) return { changes: [], nextSyncState: syncState, complete: false };
      if (fresh && before.token) {
        const delta = await syncCollection({
          url: remoteId,
          props: { "d:getetag": {} },
          syncLevel: 1,
          syncToken: before.token,
          headers,
          fetch: davFetch,
        }).catch((error: unknown) => {
          if (error instanceof CalendarAccessLost || error instanceof CalendarUnreachable) throw error;
          return null;
        });
        // A token the server no longer knows (or a failed report) falls back to reading the window whole.
        if (delta && !delta.some((r) => r.status >= 400 && r.status !== 404 && !r.href)) {
          const gone = delta.filter((r) => r.href && r.status === 404).map((r) => objectKey(r.href!, remoteId));
          const changed = delta.filter((r) => r.href && r.status !== 404 && objectKey(r.href, remoteId) !== objectKey(remoteId, remoteId));
          const objects = changed.length
            ? await calendarMultiGet({
                url: remoteId,
                props: { "d:getetag": {}, "c:calendar-data": {} },
                objectUrls: changed.map((r) => objectKey(r.href!, remoteId)),
                depth: "1",
                headers,
                fetch: davFetch,
              })
            : [];
          const changes: BusyChange[] = [
            ...gone.map((remoteEventId) => ({ kind: "gone" as const, remoteEventId })),
            ...busyChanges(
              objects.map((o) => ({ href: o.href, data: o.props?.calendarData?._cdata ?? o.props?.calendarData })),
              remoteId,
              call,
              window,
            ),
          ];
          return { changes, nextSyncState: JSON.stringify({ ctag, token, fullAt: before.fullAt }), complete: false };
        }
      }
      const objects = await fetchCalendarObjects({
        calendar: { url: remoteId },
        timeRange: { start: window.from.toISOString(), end: window.to.toISOString() },
        urlFilter: (url) => url.length > 0,
        headers,
        fetch: davFetch,
      }).catch((error: unknown) => {
        // tsdav reports a calendar that is gone as a failed query with its status.
        if (/\b(404|410)\b/.test(String((error as Error).message))) throw new CalendarMissing();
        throw error;
      });
      return {
        changes: busyChanges(objects, remoteId, call, window),
        nextSyncState: JSON.stringify({ ctag, token, fullAt: call.now.getTime() } satisfies SyncState),
        complete: true,
      };
    },

    async putSessionEvent(call, remoteId, event, ref) {
      const url = ref ?? `${withSlash(remoteId)}${encodeURIComponent(event.uid.replace(/@.*$/, ""))}.ics`;
      const body = icsObject({
        uid: event.uid,
        start: event.startAt,
        end: event.endAt,
        summary: event.title,
        description: event.description,
        url: event.joinUrl,
        stamp: call.now,
      });
      const response = await davFetch(url, {
        method: "PUT",
        headers: { ...basicAuth(call.credentials), "content-type": "text/calendar; charset=utf-8" },
        body,
      });
      if (response.status === 404 || response.status === 410) throw new CalendarMissing();
      // Signed in, but not allowed to write here (RFC 4918: 403 for a missing privilege).
      if (response.status === 403) throw new CalendarReadOnly(`caldav: event refused (${response.status})`);
      if (!response.ok) throw new CalendarUnreachable(`caldav: event refused (${response.status})`);
      return { ref: url };
    },

    async removeSessionEvent(call, _remoteId, ref) {
      const response = await davFetch(ref, { method: "DELETE", headers: basicAuth(call.credentials) });
      if (!response.ok && response.status !== 404 && response.status !== 410)
        throw new CalendarUnreachable(`caldav: event not removed (${response.status})`);
    },
  };
};
