import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { calendarConnections, calendarSources, googleCalendarWatches } from "../../../db/schema";
import type { ServiceDeps } from "../../platform/deps";
import { readConfig } from "../../platform/env";
import { decryptCredentials, encryptCredentials } from "../sync/credentials";
import { CalendarAccessLost, type ProviderCall } from "../sync/provider";
import { providerFor } from "../sync/providers";
import type { GoogleCredentials } from "./google-api";
import { channelToken } from "./google-channels";

/**
 * Google's push for mentors' calendars (ADR 0041): every Google calendar that counts as busy has a watch channel,
 * so a meeting added there is pulled within seconds, not at the next sweep. Channels expire (a week at most): the
 * minute cron opens the missing ones, renews those within a day of expiry, and stops those of calendars no longer
 * read. Google then pushes to the connection's own origin.
 */
export const NOTIFICATIONS_PATH = "/api/calendars/google/notifications";
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Channels opened per run: each is one call to Google; the rest wait for the next minute. */
const PER_RUN = 20;
/** After a failed try the next waits this long, doubled after each further failure, up to WATCH_RETRY_MAX_MS. */
export const WATCH_RETRY_FIRST_MS = 60 * 1000;
export const WATCH_RETRY_MAX_MS = 60 * 60 * 1000;

/** How long to wait after the `failures`-th failure in a row (1 → a minute, 2 → two, … capped at an hour). */
export const watchRetryDelay = (failures: number) => Math.min(WATCH_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), WATCH_RETRY_MAX_MS);

type Deps = Pick<ServiceDeps, "db" | "env" | "now">;

/** The calendar a live watch channel reports on, when the channel is still the one we keep for it. */
export async function watchedSourceOf(
  db: Db,
  channelId: string,
  resourceId: string | null,
  now: Date,
): Promise<{ sourceId: string } | null> {
  // Only while the calendar is still read: a push for a disconnected one gets 404, and Google stops the channel.
  const [row] = await db
    .select({ sourceId: googleCalendarWatches.sourceId, resourceId: googleCalendarWatches.resourceId })
    .from(googleCalendarWatches)
    .innerJoin(calendarSources, eq(calendarSources.id, googleCalendarWatches.sourceId))
    .where(
      and(
        eq(googleCalendarWatches.channelId, channelId),
        gt(googleCalendarWatches.expiresAt, now),
        eq(calendarSources.countsAsBusy, true),
        isNull(calendarSources.missingAt),
      ),
    )
    .limit(1);
  if (!row || (resourceId && resourceId !== row.resourceId)) return null;
  return { sourceId: row.sourceId };
}

type Due = {
  source_id: string;
  remote_id: string;
  connection_id: string;
  credentials: string;
  origin: string | null;
  reads: number;
  channel_id: string | null;
  resource_id: string | null;
  watch_failures: number;
};

/** Opens, renews and stops channels as the calendars are read now; `mentorId` limits it to one mentor (just connected). */
export async function keepGoogleWatches(
  deps: Deps,
  only?: { mentorId: string },
): Promise<{ opened: number; stopped: number; failed: number }> {
  const { db, now } = deps;
  const renewBy = now.getTime() + RENEW_BEFORE_MS;
  // A disconnected account's calendars are deleted with it: their channels expire at Google on their own.
  if (!only) await db.run(sql`delete from google_calendar_watches where source_id not in (select id from calendar_sources)`);
  const due = await db.all<Due>(sql`select s.id as source_id, s.remote_id, s.connection_id, c.credentials, c.origin,
      (s.counts_as_busy = 1 and s.missing_at is null and c.state <> 'lost' and c.origin is not null) as reads,
      w.channel_id, w.resource_id, s.watch_failures
    from calendar_sources s join calendar_connections c on c.id = s.connection_id
      left join google_calendar_watches w on w.source_id = s.id
    where c.provider = 'google' ${only ? sql`and s.mentor_id = ${only.mentorId}` : sql``}
      and (s.watch_retry_at is null or s.watch_retry_at <= ${now.getTime()})
      and (
        (s.counts_as_busy = 1 and s.missing_at is null and c.state <> 'lost' and c.origin is not null
          and (w.source_id is null or w.expires_at <= ${renewBy}))
        or (w.source_id is not null and (s.counts_as_busy = 0 or s.missing_at is not null or c.state = 'lost'))
      )
    limit ${PER_RUN}`);
  let opened = 0;
  let stopped = 0;
  let failed = 0;
  for (const row of due) {
    try {
      if (row.reads) {
        await openChannel(deps, row);
        opened++;
      } else {
        await stopChannel(deps, row);
        stopped++;
      }
      if (row.watch_failures > 0)
        await db.update(calendarSources).set({ watchFailures: 0, watchRetryAt: null }).where(eq(calendarSources.id, row.source_id));
    } catch (error) {
      failed++;
      if (error instanceof CalendarAccessLost) {
        await db.update(calendarConnections).set({ state: "lost", failedAt: now }).where(eq(calendarConnections.id, row.connection_id));
      } else {
        console.warn(`Google Calendar watch of calendar ${row.source_id} not kept`, error);
        // Google refusing (our address, a quota) is not fixed by asking every minute: later and later, and the
        // five-minute sweep keeps the busy time fresh meanwhile.
        const failures = row.watch_failures + 1;
        await db
          .update(calendarSources)
          .set({ watchFailures: failures, watchRetryAt: new Date(now.getTime() + watchRetryDelay(failures)) })
          .where(eq(calendarSources.id, row.source_id));
      }
    }
  }
  return { opened, stopped, failed };
}

async function providerCall(deps: Deps, row: Due): Promise<ProviderCall<GoogleCredentials>> {
  const config = readConfig(deps.env);
  return {
    credentials: await decryptCredentials<GoogleCredentials>(config, row.connection_id, row.credentials),
    now: deps.now,
    saveCredentials: async (renewed) => {
      await deps.db
        .update(calendarConnections)
        .set({ credentials: await encryptCredentials(config, row.connection_id, renewed) })
        .where(eq(calendarConnections.id, row.connection_id));
    },
  };
}

/** A new channel first, then the old one stopped: a change between the two is pushed by one of them. */
async function openChannel(deps: Deps, row: Due) {
  const provider = providerFor(deps.env, "google");
  const call = await providerCall(deps, row);
  const id = crypto.randomUUID();
  const token = await channelToken(readConfig(deps.env).JWT_SECRET, id);
  const watched = await provider.watch!(call, row.remote_id, { id, token, address: `${row.origin}${NOTIFICATIONS_PATH}` });
  const values = { channelId: id, resourceId: watched.resourceId, expiresAt: watched.expiresAt, createdAt: deps.now };
  await deps.db
    .insert(googleCalendarWatches)
    .values({ sourceId: row.source_id, ...values })
    .onConflictDoUpdate({ target: googleCalendarWatches.sourceId, set: values });
  if (row.channel_id && row.resource_id)
    await provider.stopWatch!(call, { id: row.channel_id, resourceId: row.resource_id }).catch((error) =>
      // It expires on its own; its pushes meanwhile find no channel and get 404.
      console.warn("an old Google Calendar channel was not stopped", error),
    );
}

async function stopChannel(deps: Deps, row: Due) {
  if (row.channel_id && row.resource_id) {
    const provider = providerFor(deps.env, "google");
    await provider.stopWatch!(await providerCall(deps, row), { id: row.channel_id, resourceId: row.resource_id }).catch((error) => {
      // A lost account cannot stop it; Google's next push gets 404 and Google stops it then.
      if (!(error instanceof CalendarAccessLost)) throw error;
    });
  }
  await deps.db.delete(googleCalendarWatches).where(eq(googleCalendarWatches.sourceId, row.source_id));
}
