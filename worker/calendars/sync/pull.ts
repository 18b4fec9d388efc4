import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { calendarBusy, calendarConnections, calendarSources, mentors } from "../../../db/schema";
import { mentorZoneOrDefault } from "../../../shared/zoned-time";
import type { ServiceDeps } from "../../platform/deps";
import { readConfig } from "../../platform/env";
import { sendJobs } from "../../platform/queues";
import { decryptCredentials, encryptCredentials } from "./credentials";
import { type BusyChange, CalendarAccessLost, CalendarMissing } from "./provider";
import { providerFor } from "./providers";

/**
 * The busy-time mirror kept fresh (ADR 0040): every calendar that counts as busy is pulled every PULL_INTERVAL
 * (the minute cron hands the due ones to the queue), and at once when connected, chosen, or when its provider
 * says it changed. Bookings only ever read the mirror.
 */
export const PULL_INTERVAL_MS = 5 * 60 * 1000;
/** How far ahead busy time is mirrored (slots are generated 8 weeks ahead; a day back covers zones). */
export const MIRROR_DAYS_AHEAD = 60;
const DAY = 24 * 60 * 60 * 1000;
/** Rows per insert statement (6 values each, well under SQLite's variable limit). */
const ROWS_PER_INSERT = 100;

type Deps = Pick<ServiceDeps, "db" | "env" | "now">;

/** Pulls one calendar into the mirror. What went wrong is recorded on the connection or calendar, never thrown. */
export async function pullCalendar(deps: Deps, sourceId: string): Promise<"pulled" | "skipped" | "lost" | "missing" | "failed"> {
  const { db, env, now } = deps;
  const [row] = await db
    .select({
      source: calendarSources,
      provider: calendarConnections.provider,
      credentials: calendarConnections.credentials,
      state: calendarConnections.state,
      zone: mentors.timeZone,
    })
    .from(calendarSources)
    .innerJoin(calendarConnections, eq(calendarConnections.id, calendarSources.connectionId))
    .innerJoin(mentors, eq(mentors.id, calendarSources.mentorId))
    .where(eq(calendarSources.id, sourceId))
    .limit(1);
  if (!row?.source.countsAsBusy || row.source.missingAt || row.state === "lost") return "skipped";
  const { source } = row;
  const config = readConfig(env);
  const provider = providerFor(env, row.provider);
  const window = { from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + MIRROR_DAYS_AHEAD * DAY) };
  try {
    const credentials = await decryptCredentials(config, source.connectionId, row.credentials);
    const result = await provider.pullBusy(
      {
        credentials,
        now,
        zone: mentorZoneOrDefault(row.zone),
        saveCredentials: async (renewed) => {
          await db
            .update(calendarConnections)
            .set({ credentials: await encryptCredentials(config, source.connectionId, renewed) })
            .where(eq(calendarConnections.id, source.connectionId));
        },
      },
      source.remoteId,
      source.syncState,
      window,
    );
    await db.batch([
      db.update(calendarSources).set({ syncState: result.nextSyncState, lastPulledAt: now }).where(eq(calendarSources.id, sourceId)),
      ...busyWrites(deps, source, result.changes, result.complete),
      db
        .update(calendarConnections)
        .set({ state: "ok", failedAt: null, lastSyncedAt: now })
        .where(eq(calendarConnections.id, source.connectionId)),
    ]);
    return "pulled";
  } catch (error) {
    if (error instanceof CalendarAccessLost) {
      // Bookings go on with the last known busy time; the mentor is asked to connect again.
      await db.update(calendarConnections).set({ state: "lost", failedAt: now }).where(eq(calendarConnections.id, source.connectionId));
      return "lost";
    }
    if (error instanceof CalendarMissing) {
      // Deleted at the provider: its events are gone with it, so they free his time.
      await db.batch([
        db
          .update(calendarSources)
          .set({ missingAt: now, countsAsBusy: false, writesSessions: false })
          .where(eq(calendarSources.id, sourceId)),
        db.delete(calendarBusy).where(eq(calendarBusy.sourceId, sourceId)),
      ]);
      return "missing";
    }
    console.warn(`calendar ${sourceId} not pulled`, error);
    await db
      .update(calendarConnections)
      .set({ state: "failing", failedAt: now })
      .where(and(eq(calendarConnections.id, source.connectionId), ne(calendarConnections.state, "lost")));
    return "failed";
  }
}

/** The mirror's writes for one pull: the whole calendar replaced, or each changed event's intervals replaced. */
function busyWrites(deps: Deps, source: { id: string; mentorId: string }, changes: BusyChange[], complete: boolean) {
  const { db } = deps;
  const touched = [...new Set(changes.map((c) => c.remoteEventId))];
  const rows = changes.flatMap((c) =>
    c.kind === "busy"
      ? [{ sourceId: source.id, mentorId: source.mentorId, remoteEventId: c.remoteEventId, startAt: c.startAt, endAt: c.endAt }]
      : [],
  );
  const clear = complete
    ? [db.delete(calendarBusy).where(eq(calendarBusy.sourceId, source.id))]
    : chunks(touched, ROWS_PER_INSERT).map((ids) =>
        db.delete(calendarBusy).where(and(eq(calendarBusy.sourceId, source.id), inArray(calendarBusy.remoteEventId, ids))),
      );
  return [...clear, ...chunks(rows, ROWS_PER_INSERT).map((part) => db.insert(calendarBusy).values(part))];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The minute cron's part: every calendar that counts as busy and was not handed on within the interval goes to the
 * queue (one conditional update takes them, so overlapping sweeps hand each on once). A lost connection waits for
 * the mentor to reconnect.
 */
export async function handOnDuePulls(deps: Deps): Promise<{ queued: number }> {
  const { db, env, now } = deps;
  const due = await db.all<{ id: string }>(sql`update calendar_sources set pull_queued_at = ${now.getTime()}
    where id in (select s.id from calendar_sources s join calendar_connections c on c.id = s.connection_id
      where s.counts_as_busy = 1 and s.missing_at is null and c.state <> 'lost'
        and (s.pull_queued_at is null or s.pull_queued_at <= ${now.getTime() - PULL_INTERVAL_MS})
      limit 1000)
    returning id`);
  await sendJobs(
    env.CALENDAR_SYNC,
    due.map((s) => ({ kind: "calendar-pull" as const, sourceId: s.id })),
  );
  return { queued: due.length };
}
