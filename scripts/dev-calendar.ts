import { and, eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { calendarConnections, calendarSources, mentors } from "../db/schema";
import { dayjs } from "../shared/zoned-time";
import { encryptCredentials } from "../worker/calendars/sync/credentials";
import { eventIcs, type LocalRadicale, makeCalendar, putEvent, radicaleInstalled, startLocalRadicale } from "./local-radicale";
import { DEV_CALENDAR_KEY } from "./worker-vars";

/**
 * `npm run dev`: the demo mentor's day-job calendar (ADR 0040). A local Radicale holds a "Work" calendar with a few
 * meetings in the coming days, connected to Asha Rao, so the scheduler shows blocked hours from the first run (the
 * minute cron pulls it within a minute). Without the `radicale` binary, nothing is connected and a line says so.
 */
const DEMO_MENTOR = "mentor@example.com";
const AUTH = { username: "asha", password: "demo-calendar-password" };
const ZONE = "Asia/Kolkata";

export async function startDemoCalendar(options: { dbUrl: string; dataDir: string; port: number }): Promise<LocalRadicale | null> {
  if (!radicaleInstalled()) {
    console.log("Radicale is not installed (apt-get install radicale): the demo mentor has no connected calendar.");
    return null;
  }
  const radicale = await startLocalRadicale({
    folder: `${options.dataDir}/radicale`,
    port: options.port,
    users: new Map([[AUTH.username, AUTH.password]]),
  });
  const calendarUrl = await makeCalendar(radicale.url, AUTH, "Work");
  // Meetings of the next days, written again on each run so they stay ahead (same UIDs: replaced, not added).
  const at = (days: number, time: string) => dayjs.tz(`${dayjs().tz(ZONE).add(days, "day").format("YYYY-MM-DD")} ${time}`, ZONE).toDate();
  const meetings: [string, Date, Date, string][] = [
    ["demo-standup", at(1, "11:00"), at(1, "12:00"), "Team stand-up"],
    ["demo-review", at(2, "15:00"), at(2, "16:30"), "Design review"],
    ["demo-planning", at(3, "10:00"), at(3, "12:00"), "Quarterly planning"],
  ];
  for (const [uid, start, end, summary] of meetings) await putEvent(calendarUrl, uid, eventIcs(uid, start, end, summary), AUTH);

  const db = createDb(options.dbUrl);
  const [mentor] = await db.select({ id: mentors.id }).from(mentors).where(eq(mentors.email, DEMO_MENTOR)).limit(1);
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
