import { type Context, Hono } from "hono";
import type { Db } from "../../db/client";
import { expand, type LocalEvent, overlaps, pushChange, writeEvent } from "./local-google-calendar-events";
import {
  accountCalendars,
  type CalendarRow,
  calendarEvents,
  calendarOf,
  findGrant,
  keepChannel,
  lastSeq,
  stopChannel,
} from "./local-google-calendar-store";
import { openLocal } from "./local-google-provider";

/**
 * The local Google Calendar (ADR 0033): the part of Google Calendar API v3 the app's provider uses,
 * at GOOGLE_CALENDAR_API_URL: the calendar list, events list (complete with timeMin/timeMax, or
 * incremental with a sync token that answers 410 once expired, in pages, recurring events expanded
 * with `singleEvents`), insert/get/update/delete, watch channels that POST to the app when events
 * change, and channel stop. Access tokens are the local Google's, with a calendar scope.
 */
const CALENDAR_SCOPE = /https:\/\/www\.googleapis\.com\/auth\/calendar/;
/** Google pages at most 2,500; the double pages at 50 so the provider's paging runs in the tests. */
const MAX_PAGE = 50;

const error = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 410, message: string, reason: string) =>
  c.json({ error: { code: status, message, errors: [{ domain: "global", reason, message }] } }, status);

type SyncToken = { c: string; s: number; e: number };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function decode<T>(value: string): T | null {
  try {
    return JSON.parse(Buffer.from(value, "base64url").toString()) as T;
  } catch {
    return null;
  }
}

export function localGoogleCalendar(db: Db): Hono {
  const app = new Hono();

  /** The account of the bearer token, when it is a live local Google token with calendar access. */
  async function account(c: Context): Promise<string | null> {
    const token = await openLocal((c.req.header("authorization") ?? "").replace(/^Bearer /, ""), "token");
    if (!token || !CALENDAR_SCOPE.test(token.scope ?? "")) return null;
    if (token.grant && (await findGrant(db, token.grant))?.revoked_at) return null;
    return token.email;
  }

  async function calendarFor(c: Context, write: boolean): Promise<CalendarRow | Response> {
    const email = await account(c);
    if (!email) return error(c, 401, "Invalid Credentials", "authError");
    const calendar = await calendarOf(db, email, c.req.param("calendarId") ?? "");
    if (!calendar) return error(c, 404, "Not Found", "notFound");
    if (write && calendar.access_role !== "owner" && calendar.access_role !== "writer")
      return error(c, 403, "You need to have writer access to this calendar.", "requiredAccessLevel");
    return calendar;
  }

  app.get("/users/me/calendarList", async (c) => {
    const email = await account(c);
    if (!email) return error(c, 401, "Invalid Credentials", "authError");
    const items = (await accountCalendars(db, email)).map((calendar) => ({
      kind: "calendar#calendarListEntry",
      id: calendar.id,
      summary: calendar.summary,
      timeZone: calendar.time_zone,
      accessRole: calendar.access_role,
      ...(calendar.is_primary ? { primary: true } : {}),
    }));
    return c.json({ kind: "calendar#calendarList", items });
  });

  app.get("/calendars/:calendarId/events", async (c) => {
    const calendar = await calendarFor(c, false);
    if (calendar instanceof Response) return calendar;
    const q = c.req.query();
    const single = q.singleEvents === "true";
    const page = q.pageToken ? decode<{ o: number; s: number }>(q.pageToken) : null;
    if (q.pageToken && !page) return error(c, 400, "Invalid page token", "invalid");
    const snapshot = page?.s ?? (await lastSeq(db));
    let items: LocalEvent[];
    if (q.syncToken) {
      if (q.timeMin || q.timeMax || q.iCalUID) return error(c, 400, "Sync token cannot be used with other filters", "invalid");
      const token = decode<SyncToken>(q.syncToken);
      if (!token || token.c !== calendar.id || token.e !== calendar.sync_epoch)
        return error(c, 410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
      const rows = await calendarEvents(db, calendar.id, { afterSeq: token.s, uptoSeq: snapshot });
      items = rows.flatMap((row) => {
        const event = JSON.parse(row.body) as LocalEvent;
        return single ? expand(event) : [event];
      });
    } else {
      const from = q.timeMin ? Date.parse(q.timeMin) : Number.NEGATIVE_INFINITY;
      const to = q.timeMax ? Date.parse(q.timeMax) : Number.POSITIVE_INFINITY;
      const rows = await calendarEvents(db, calendar.id, { uptoSeq: snapshot });
      items = rows
        .filter((row) => q.showDeleted === "true" || row.status !== "cancelled")
        .filter((row) => !q.iCalUID || row.ical_uid === q.iCalUID)
        .flatMap((row) => {
          const event = JSON.parse(row.body) as LocalEvent;
          return single ? expand(event) : [event];
        })
        .filter((event) => overlaps(event, from, to));
    }
    const size = Math.min(Number(q.maxResults) || 250, MAX_PAGE);
    const offset = page?.o ?? 0;
    const last = offset + size >= items.length;
    return c.json({
      kind: "calendar#events",
      summary: calendar.summary,
      timeZone: calendar.time_zone,
      items: items.slice(offset, offset + size),
      ...(last
        ? { nextSyncToken: encode({ c: calendar.id, s: snapshot, e: calendar.sync_epoch } satisfies SyncToken) }
        : { nextPageToken: encode({ o: offset + size, s: snapshot }) }),
    });
  });

  app.post("/calendars/:calendarId/events/watch", async (c) => {
    const calendar = await calendarFor(c, false);
    if (calendar instanceof Response) return calendar;
    const body = (await c.req.json().catch(() => null)) as {
      id?: string;
      type?: string;
      address?: string;
      token?: string;
      params?: { ttl?: string };
    } | null;
    if (!body?.id || body.type !== "web_hook" || !body.address || !URL.canParse(body.address))
      return error(c, 400, "A channel needs an id, type web_hook and an address", "invalid");
    // Google opens channels only to addresses it accepts (a verified domain); a `.invalid` host (RFC 2606) stands
    // for one it refuses, so the app's retries of a refused watch can be seen.
    if (new URL(body.address).hostname.endsWith(".invalid"))
      return error(c, 400, `Unauthorized WebHook callback channel: ${body.address}`, "push.webhookUrlUnauthorized");
    const ttl = Math.min(Number(body.params?.ttl ?? 604800) || 604800, 604800);
    const channel = {
      id: body.id,
      resource_id: `local-resource-${calendar.id}`,
      calendar_id: calendar.id,
      address: body.address,
      token: body.token ?? null,
      expiration: Date.now() + ttl * 1000,
    };
    await keepChannel(db, channel);
    void pushChange(db, calendar.id, "sync", channel.id);
    return c.json({
      kind: "api#channel",
      id: channel.id,
      resourceId: channel.resource_id,
      resourceUri: `https://www.googleapis.com/calendar/v3/calendars/${encodeURIComponent(calendar.id)}/events`,
      token: channel.token ?? undefined,
      expiration: String(channel.expiration),
    });
  });

  app.post("/channels/stop", async (c) => {
    if (!(await account(c))) return error(c, 401, "Invalid Credentials", "authError");
    const body = (await c.req.json().catch(() => null)) as { id?: string; resourceId?: string } | null;
    if (!body?.id || !body.resourceId) return error(c, 400, "A channel id and resource id are required", "invalid");
    return (await stopChannel(db, body.id, body.resourceId)) ? c.body(null, 204) : error(c, 404, "Channel not found", "notFound");
  });

  app.post("/calendars/:calendarId/events", async (c) => {
    const calendar = await calendarFor(c, true);
    if (calendar instanceof Response) return calendar;
    const body = eventBody(await c.req.json().catch(() => null));
    if (!body) return error(c, 400, "Missing start or end time.", "required");
    const uid = body.iCalUID ?? `${crypto.randomUUID()}@google.com`;
    const rows = await calendarEvents(db, calendar.id);
    if (rows.some((row) => row.ical_uid === uid)) return error(c, 409, "The requested identifier already exists.", "duplicate");
    const id = crypto.randomUUID().replaceAll("-", "");
    return c.json(await writeEvent(db, calendar, { ...body, id, iCalUID: uid, status: body.status ?? "confirmed" }));
  });

  app.get("/calendars/:calendarId/events/:eventId", async (c) => {
    const calendar = await calendarFor(c, false);
    if (calendar instanceof Response) return calendar;
    const row = (await calendarEvents(db, calendar.id)).find((r) => r.id === c.req.param("eventId"));
    if (!row) return error(c, 404, "Not Found", "notFound");
    return c.json(JSON.parse(row.body));
  });

  app.put("/calendars/:calendarId/events/:eventId", async (c) => {
    const calendar = await calendarFor(c, true);
    if (calendar instanceof Response) return calendar;
    const row = (await calendarEvents(db, calendar.id)).find((r) => r.id === c.req.param("eventId"));
    if (!row) return error(c, 404, "Not Found", "notFound");
    const body = eventBody(await c.req.json().catch(() => null));
    if (!body) return error(c, 400, "Missing start or end time.", "required");
    // An update may bring a deleted event back, as Google's does; its UID stays.
    return c.json(await writeEvent(db, calendar, { ...body, id: row.id, iCalUID: row.ical_uid, status: body.status ?? "confirmed" }));
  });

  app.delete("/calendars/:calendarId/events/:eventId", async (c) => {
    const calendar = await calendarFor(c, true);
    if (calendar instanceof Response) return calendar;
    const row = (await calendarEvents(db, calendar.id)).find((r) => r.id === c.req.param("eventId"));
    if (!row) return error(c, 404, "Not Found", "notFound");
    if (row.status === "cancelled") return error(c, 410, "Resource has been deleted", "deleted");
    await writeEvent(db, calendar, { ...(JSON.parse(row.body) as LocalEvent), status: "cancelled" });
    return c.body(null, 204);
  });

  return app;
}

/** An event's writable fields, when it has a start and an end. */
function eventBody(
  value: unknown,
): (Omit<LocalEvent, "id" | "iCalUID" | "status"> & { iCalUID?: string; status?: LocalEvent["status"] }) | null {
  if (!value || typeof value !== "object") return null;
  const e = value as Partial<LocalEvent>;
  const time = (t: unknown) => Boolean(t && typeof t === "object" && ("dateTime" in t || "date" in t));
  if (!time(e.start) || !time(e.end)) return null;
  const { id: _id, kind: _kind, updated: _updated, recurringEventId: _r, originalStartTime: _o, ...fields } = e;
  return fields as ReturnType<typeof eventBody> & object;
}
