import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import * as v from "valibot";
import type { Db } from "../../db/client";
import { type LocalEvent, writeEvent } from "./local-google-calendar-events";
import { accountCalendars, calendarEvents, calendarTables, expireSyncTokens, liveChannels } from "./local-google-calendar-store";

/**
 * The local Google Calendar's page (ADR 0033), `/dev/google-calendar`: a developer picks a connected
 * account, adds a meeting to one of its calendars (timed or all-day, repeating, shown as free or
 * declined, to try what blocks a slot) and sees the session events the app wrote there. The same
 * doors answer JSON for the tests; a change pushes to the app's watch channels as Google would.
 */
const STYLE = raw(`<style>
  *{box-sizing:border-box} body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9}
  main{max-width:56rem;margin:1.5rem auto;padding:0 1rem;display:grid;gap:1rem} .card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}
  h1{font-size:1.3rem;margin:0} h2{font-size:1.05rem;margin:0 0 .5rem} label{display:grid;gap:.2rem;font-weight:600}
  form.add{display:grid;gap:.6rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr))} .check{display:flex;gap:.4rem;align-items:center;font-weight:400}
  input,select,button{font:inherit;padding:.4rem .6rem;border:1px solid #94a3b8;border-radius:.4rem} button{background:#4f46e5;color:#fff;border-color:#4f46e5;cursor:pointer}
  table{width:100%;border-collapse:collapse} td,th{text-align:left;padding:.3rem;border-bottom:1px solid #e2e8f0;vertical-align:top} .muted{color:#475569}
  .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
</style>`);

const meetingSchema = v.object({
  calendarId: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(300)),
  summary: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), "Busy"),
  /** An instant (ISO), or a form's `YYYY-MM-DDTHH:MM` read as UTC. */
  start: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  minutes: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(24 * 60)), 60),
  allDay: v.optional(v.unknown()),
  free: v.optional(v.unknown()),
  declined: v.optional(v.unknown()),
  weeks: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(100)), 0),
});

const on = (value: unknown) => value === true || value === "on" || value === "true";

export function localGoogleCalendarPage(db: Db): Hono {
  const app = new Hono();

  app.get("/", async (c) => {
    await calendarTables(db);
    const accounts = (await db.all<{ account: string }>(sql`select distinct account from dev_google_calendars order by account`)).map(
      (r) => r.account,
    );
    const account = c.req.query("account") ?? accounts[0];
    const calendars = account ? await accountCalendars(db, account) : [];
    const sections = await Promise.all(
      calendars.map(async (calendar) => ({
        calendar,
        events: (await calendarEvents(db, calendar.id)).map((row) => JSON.parse(row.body) as LocalEvent).reverse(),
        channels: await liveChannels(db, calendar.id),
      })),
    );
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Local Google Calendar</title>${STYLE}</head><body><main>
<div class="card"><span class="badge">Development: local stand-in for Google Calendar</span><h1>Local Google Calendar</h1>
<p class="muted">Accounts appear once a mentor connects one (Scheduler, Calendars). Meetings added here are pushed to the app as Google would.</p>
<form method="get"><label>Account <select name="account" onchange="this.form.submit()">${accounts.map(
      (a) => html`<option ${a === account ? "selected" : ""}>${a}</option>`,
    )}</select></label></form></div>
${
  account
    ? html`<div class="card"><h2>Add a meeting</h2><form class="add" method="post" action="/dev/google-calendar/meetings">
  <label>Calendar <select name="calendarId">${calendars.map((cal) => html`<option value="${cal.id}">${cal.summary}</option>`)}</select></label>
  <label>Title <input name="summary" value="Team meeting"></label>
  <label>Starts (UTC) <input type="datetime-local" name="start" required></label>
  <label>Minutes <input type="number" name="minutes" value="60" min="1" max="1440"></label>
  <label>Repeat weekly (times) <input type="number" name="weeks" value="0" min="0" max="100"></label>
  <label class="check"><input type="checkbox" name="allDay"> All day</label>
  <label class="check"><input type="checkbox" name="free"> Show me as free</label>
  <label class="check"><input type="checkbox" name="declined"> I declined</label>
  <button type="submit">Add meeting</button></form></div>`
    : ""
}
${sections.map(
  ({
    calendar,
    events,
    channels,
  }) => html`<div class="card"><h2>${calendar.summary} <span class="muted">(${calendar.access_role}${channels.length ? ", watched" : ""})</span></h2>
<form method="post" action="/dev/google-calendar/expire-sync"><input type="hidden" name="calendarId" value="${calendar.id}"><button type="submit">Expire sync tokens</button></form>
<table><thead><tr><th>Event</th><th>When</th><th>State</th><th></th></tr></thead><tbody>${events.map(
    (
      e,
    ) => html`<tr><td>${e.summary ?? "(no title)"}${e.extendedProperties?.private?.mentorlinkSession ? html` <span class="badge">session</span>` : ""}</td>
<td>${e.start.dateTime ?? e.start.date} → ${e.end.dateTime ?? e.end.date}${e.recurrence ? html`<br><span class="muted">${e.recurrence.join(" ")}</span>` : ""}</td>
<td>${e.status}${e.transparency === "transparent" ? ", free" : ""}${e.attendees?.some((a) => a.self && a.responseStatus === "declined") ? ", declined" : ""}</td>
<td>${e.status === "cancelled" ? "" : html`<form method="post" action="/dev/google-calendar/meetings/${encodeURIComponent(calendar.id)}/${e.id}/delete"><button type="submit">Delete</button></form>`}</td></tr>`,
  )}</tbody></table></div>`,
)}
</main></body></html>`);
  });

  /** Adds a meeting (the page's form, or JSON from a test) and answers the event, or goes back to the page. */
  app.post("/meetings", async (c) => {
    const json = c.req.header("content-type")?.includes("application/json");
    const parsed = v.safeParse(meetingSchema, json ? await c.req.json().catch(() => null) : await c.req.parseBody());
    if (!parsed.success) return c.json({ error: parsed.issues[0].message }, 400);
    const m = parsed.output;
    const calendar = (await calendarTables(db),
    await db.all<{ account: string }>(sql`select account from dev_google_calendars where id = ${m.calendarId}`))[0];
    if (!calendar) return c.json({ error: "No such calendar: connect the account first" }, 404);
    const startAt = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(m.start) ? m.start : `${m.start}Z`);
    if (Number.isNaN(startAt)) return c.json({ error: "start is not a date and time" }, 400);
    const cal = (await accountCalendars(db, calendar.account)).find((row) => row.id === m.calendarId)!;
    const day = new Date(startAt).toISOString().slice(0, 10);
    const event: LocalEvent = {
      id: crypto.randomUUID().replaceAll("-", ""),
      iCalUID: `${crypto.randomUUID()}@google.com`,
      status: "confirmed",
      summary: m.summary,
      start: on(m.allDay) ? { date: day } : { dateTime: new Date(startAt).toISOString() },
      end: on(m.allDay)
        ? { date: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) }
        : { dateTime: new Date(startAt + m.minutes * 60_000).toISOString() },
      transparency: on(m.free) ? "transparent" : "opaque",
      ...(on(m.declined) ? { attendees: [{ email: calendar.account, self: true, responseStatus: "declined" }] } : {}),
      ...(m.weeks > 0 ? { recurrence: [`RRULE:FREQ=WEEKLY;COUNT=${m.weeks}`] } : {}),
    };
    const saved = await writeEvent(db, cal, event);
    return json ? c.json(saved) : c.redirect(`/dev/google-calendar?account=${encodeURIComponent(calendar.account)}`, 303);
  });

  app.post("/meetings/:calendarId/:eventId/delete", async (c) => {
    const id = c.req.param("calendarId");
    const row = (await calendarEvents(db, id)).find((r) => r.id === c.req.param("eventId"));
    const account = (await db.all<{ account: string }>(sql`select account from dev_google_calendars where id = ${id}`))[0]?.account;
    if (!row || !account) return c.json({ error: "No such event" }, 404);
    const cal = (await accountCalendars(db, account)).find((r) => r.id === id)!;
    await writeEvent(db, cal, { ...(JSON.parse(row.body) as LocalEvent), status: "cancelled" });
    return c.req.header("accept")?.includes("application/json")
      ? c.json({ deleted: true })
      : c.redirect(`/dev/google-calendar?account=${encodeURIComponent(account)}`, 303);
  });

  /** Forgets the calendar's sync tokens: the app's next pull gets 410 and reads the whole window again. */
  app.post("/expire-sync", async (c) => {
    const json = c.req.header("content-type")?.includes("application/json");
    const body = (json ? await c.req.json().catch(() => ({})) : await c.req.parseBody()) as { calendarId?: string };
    if (typeof body.calendarId !== "string") return c.json({ error: "calendarId is required" }, 400);
    await expireSyncTokens(db, body.calendarId);
    return json ? c.json({ expired: true }) : c.redirect("/dev/google-calendar", 303);
  });

  return app;
}
