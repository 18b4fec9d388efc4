import { and, eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { calendarConnections, calendarSources, mentors } from "../db/schema";
import { addDays, dayKey, zonedInstant } from "../shared/zoned-time";
import { encryptCredentials } from "../worker/calendars/sync/credentials";
import { appAnswers, connectThroughApp, type DemoMeeting, googleConnected, googleIsLocal, writeDemoMeetings } from "./dev-google-calendar";
import { eventIcs, type LocalRadicale, makeCalendar, putEvent, radicaleInstalled, startLocalRadicale } from "./local-radicale";
import { DEV_CALENDAR_KEY } from "./worker-vars";

/**
 * `npm run dev`: the demo mentor's day-job calendar (ADR 0040). A local Radicale holds a "Work" calendar with a few
 * meetings in the coming days, connected to Asha Rao, so the scheduler shows blocked hours from the first run (the
 * minute cron pulls it within a minute). Without the `radicale` binary, her account in the local Google Calendar
 * (ADR 0041) holds the same meetings and she connects it through the app's own Google connect once the app answers
 * (scripts/dev-google-calendar.ts).
 */
const DEMO_MENTOR = "mentor@example.com";
const AUTH = { username: "asha", password: "demo-calendar-password" };
const ZONE = "Asia/Kolkata";

/** The meetings of the next days, written again on each run so they stay ahead (same UIDs: replaced, not added). */
export function demoMeetings(now = Date.now()): DemoMeeting[] {
  const at = (days: number, time: string) => zonedInstant(addDays(dayKey(now, ZONE), days), time, ZONE);
  return [
    { uid: "demo-standup", start: at(1, "11:00"), end: at(1, "12:00"), summary: "Team stand-up" },
    { uid: "demo-review", start: at(2, "15:00"), end: at(2, "16:30"), summary: "Design review" },
    { uid: "demo-planning", start: at(3, "10:00"), end: at(3, "12:00"), summary: "Quarterly planning" },
  ];
}

/** What `npm run dev` stops on exit, and when the calendar is connected (the local Google's connect needs the app up). */
export type DemoCalendar = { stop(): Promise<void>; connected: Promise<void> };

export async function startDemoCalendar(options: {
  dbUrl: string;
  dataDir: string;
  port: number;
  /** The Worker's variables (`.dev.vars`) and address: the local Google Calendar is connected through the app with them. */
  workerVars: Record<string, string>;
  appOrigin: string;
  /** Whose calendar it is (the tests use a mentor of their own). */
  mentorEmail?: string;
  /** Whether Radicale can run here (the tests say it cannot, to take the local Google's way). */
  radicaleInstalled?: () => boolean;
}): Promise<DemoCalendar | null> {
  const email = options.mentorEmail ?? DEMO_MENTOR;
  if ((options.radicaleInstalled ?? radicaleInstalled)()) {
    const radicale = await startRadicaleCalendar(options, email);
    return { stop: () => radicale.stop(), connected: Promise.resolve() };
  }
  const db = createDb(options.dbUrl);
  const [mentor] = await db
    .select({ id: mentors.id, email: mentors.email, firstName: mentors.firstName, lastName: mentors.lastName })
    .from(mentors)
    .where(eq(mentors.email, email))
    .limit(1);
  if (!mentor) return null;
  const name = `${mentor.firstName} ${mentor.lastName}`;
  if (!googleIsLocal(options.workerVars)) {
    console.log(`Radicale is not installed and Google is your own (GOOGLE_CLIENT_ID): ${name} has no connected calendar.`);
    return null;
  }
  // The local Google keeps addresses in lower case, as the consent screen gives them.
  mentor.email = mentor.email.toLowerCase();
  await writeDemoMeetings(db, mentor.email, demoMeetings(), ZONE);
  const where = `the local Google Calendar, account ${mentor.email}, ${options.appOrigin}/dev/google-calendar`;
  // The app is not up yet in `npm run dev`: connecting waits for it, and `npm run dev` goes on meanwhile.
  const connected = (async () => {
    if (await googleConnected(db, mentor)) {
      console.log(`Radicale is not installed: ${name}'s work calendar is ${where} (connected): her scheduler shows its meetings as busy.`);
      return;
    }
    if (!(await appAnswers(options.appOrigin))) throw new Error(`the app at ${options.appOrigin} did not answer`);
    const outcome = await connectThroughApp({ db, appOrigin: options.appOrigin, jwtSecret: options.workerVars.JWT_SECRET ?? "", mentor });
    if (outcome !== "connected") throw new Error(`the app's Google connect ended with "${outcome}"`);
    console.log(`Radicale is not installed: ${name}'s work calendar is ${where}, now connected: her scheduler shows its meetings as busy.`);
  })().catch((error: Error) => {
    console.log(`Radicale is not installed, and connecting ${name} to the local Google Calendar failed: ${error.message}`);
  });
  return { stop: async () => {}, connected };
}

/** The demo mentor's "Work" calendar on a local Radicale, connected once (its rows kept across runs). */
async function startRadicaleCalendar(options: { dbUrl: string; dataDir: string; port: number }, email: string): Promise<LocalRadicale> {
  const radicale = await startLocalRadicale({
    folder: `${options.dataDir}/radicale`,
    port: options.port,
    users: new Map([[AUTH.username, AUTH.password]]),
  });
  const calendarUrl = await makeCalendar(radicale.url, AUTH, "Work");
  for (const { uid, start, end, summary } of demoMeetings()) await putEvent(calendarUrl, uid, eventIcs(uid, start, end, summary), AUTH);

  const db = createDb(options.dbUrl);
  const [mentor] = await db.select({ id: mentors.id }).from(mentors).where(eq(mentors.email, email)).limit(1);
  if (!mentor) return radicale;
  const accountLabel = `${AUTH.username} (${new URL(radicale.url).host})`;
  const [existing] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.mentorId, mentor.id), eq(calendarConnections.accountLabel, accountLabel)))
    .limit(1);
  if (existing) return radicale;
  const id = crypto.randomUUID();
  const credentials = await encryptCredentials({ ...DEV_CALENDAR_KEY, ENVIRONMENT: "development" }, id, {
    serverUrl: radicale.url,
    ...AUTH,
  });
  await db.batch([
    db.insert(calendarConnections).values({
      id,
      mentorId: mentor.id,
      provider: "caldav",
      accountLabel,
      serverUrl: radicale.url,
      origin: null,
      credentials,
      createdAt: new Date(),
    }),
    db.insert(calendarSources).values({
      connectionId: id,
      mentorId: mentor.id,
      remoteId: calendarUrl,
      name: "Work",
      writable: true,
      countsAsBusy: true,
      writesSessions: true,
      createdAt: new Date(),
    }),
  ]);
  console.log(
    `Asha Rao's work calendar (Radicale, ${radicale.url}, user ${AUTH.username}) is connected: her scheduler shows its meetings as busy.`,
  );
  return radicale;
}
