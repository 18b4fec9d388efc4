import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { calendarConnections } from "../db/schema";
import { closeSession, openSession } from "../worker/accounts/sessions";
import { signAccessToken } from "../worker/accounts/tokens";
import type { LocalEvent } from "../worker/dev/local-google-calendar-events";
import { calendarOf, saveEvent } from "../worker/dev/local-google-calendar-store";
import { LOCAL_GOOGLE_CLIENT_ID } from "../worker/dev/local-google-provider";

/**
 * The demo mentor's day-job calendar when Radicale is not installed (ADR 0040, 0041): her account in the local
 * Google Calendar holds the demo meetings, and she connects it through the running Worker's own Google connect, as
 * her browser would (connect path → the local Google's consent → callback): the app seals the credentials with
 * CALENDAR_KEY, chooses her primary calendar as busy and for new sessions, queues the first pull on the calendar
 * queue and opens the watch channel. From then on the minute cron and Google's pushes keep her busy time.
 */

/** A meeting of the demo mentor's day job; its uid stays the same across runs, so writing it again replaces it. */
export type DemoMeeting = { uid: string; start: Date; end: Date; summary: string };
export type DemoMentor = { id: string; email: string; firstName: string; lastName: string };

/** Whether the Worker's Google is the local double (your own GOOGLE_CLIENT_ID leaves a real account alone). */
export const googleIsLocal = (workerVars: Record<string, string>) =>
  workerVars.GOOGLE_CLIENT_ID === LOCAL_GOOGLE_CLIENT_ID && Boolean(workerVars.GOOGLE_OAUTH_URL && workerVars.GOOGLE_CALENDAR_API_URL);

/**
 * Writes the meetings in the account's primary calendar, in the local Google Calendar's own store, under fixed ids:
 * each run replaces them, and the change counter moves, so the Worker's next incremental pull reads them again.
 * No push is sent: in `npm run dev` the app is not listening yet, and the minute cron's pull follows.
 */
export async function writeDemoMeetings(db: Db, account: string, meetings: DemoMeeting[], zone: string): Promise<void> {
  const calendar = await calendarOf(db, account, "primary");
  if (!calendar) throw new Error(`the local Google has no primary calendar for ${account}`);
  const updated = new Date().toISOString();
  for (const meeting of meetings) {
    const event: LocalEvent = {
      kind: "calendar#event",
      // Google's event ids are base32hex, of which hex is a part.
      id: Buffer.from(meeting.uid).toString("hex"),
      iCalUID: `${meeting.uid}@mentorlink.local`,
      status: "confirmed",
      summary: meeting.summary,
      start: { dateTime: meeting.start.toISOString(), timeZone: zone },
      end: { dateTime: meeting.end.toISOString(), timeZone: zone },
      updated,
    };
    await saveEvent(db, calendar.id, event);
  }
}

/** Her Google connection of this account, when the app has it and it works (connecting again is then not needed). */
export async function googleConnected(db: Db, mentor: DemoMentor): Promise<boolean> {
  const [row] = await db
    .select({ state: calendarConnections.state })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.mentorId, mentor.id),
        eq(calendarConnections.provider, "google"),
        eq(calendarConnections.accountLabel, mentor.email),
      ),
    )
    .limit(1);
  return row?.state === "ok";
}

/** Waits for the Worker to answer (Vite builds it on its first request). */
export async function appAnswers(appOrigin: string, timeoutMs = 180_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(`${appOrigin}/healthz`)
      .then(async (response) => {
        await response.text();
        return response.ok;
      })
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/**
 * She connects her Google Calendar through the app: a sign-in of her own for the connect (closed after), the
 * connect path, her choice on the local consent screen, and the callback. Returns the callback's outcome
 * (`connected`, or why not: ConnectOutcome of worker/calendars/google/google-calendar.routes.ts).
 */
export async function connectThroughApp(options: { db: Db; appOrigin: string; jwtSecret: string; mentor: DemoMentor }): Promise<string> {
  const { db, appOrigin, mentor } = options;
  const { sessionId } = await openSession(db, { role: "mentor", userId: mentor.id });
  try {
    const authorization = `Bearer ${await signAccessToken(options.jwtSecret, { sub: mentor.id, role: "mentor", sid: sessionId })}`;
    const started = await fetch(`${appOrigin}/api/calendars/google/connect`, { headers: { authorization }, redirect: "manual" });
    const flow = started.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("google_calendar_flow="))
      ?.split(";")[0];
    const consentUrl = started.headers.get("location");
    // Each answer is read to its end: a body left unread leaves the Worker writing to a closed connection.
    await started.text();
    if (started.status !== 302 || !flow || !consentUrl) return `connect answered ${started.status} ${consentUrl ?? ""}`.trim();
    const consent = new URL(consentUrl);
    const chosen = await fetch(`${consent.origin}${consent.pathname}`, {
      method: "POST",
      body: new URLSearchParams({
        ...Object.fromEntries(consent.searchParams),
        email: mentor.email,
        given_name: mentor.firstName,
        family_name: mentor.lastName,
        email_verified: "on",
      }),
      redirect: "manual",
    });
    await chosen.text();
    const back = new URL(chosen.headers.get("location") ?? "/", appOrigin);
    if (chosen.status !== 302 || !back.searchParams.get("code")) return `the local Google's consent answered ${chosen.status}`;
    const callback = await fetch(`${appOrigin}/api/calendars/google/callback${back.search}`, {
      headers: { authorization, cookie: flow },
      redirect: "manual",
    });
    await callback.text();
    const landed = new URL(callback.headers.get("location") ?? "/", appOrigin);
    return landed.searchParams.get("calendars") ?? `callback answered ${callback.status}`;
  } finally {
    await closeSession(db, sessionId);
  }
}
