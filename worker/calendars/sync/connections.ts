import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { calendarConnections, calendarSources, mentors } from "../../../db/schema";
import { mentorZoneOrDefault } from "../../../shared/zoned-time";
import type { ServiceDeps } from "../../platform/deps";
import { readConfig } from "../../platform/env";
import { sendJobs } from "../../platform/queues";
import { encryptCredentials } from "./credentials";
import { providerFor } from "./providers";

/** A calendar account a mentor has just allowed us into (after Google's consent or a CalDAV sign-in that worked). */
export type NewConnection = {
  mentorId: string;
  provider: "google" | "caldav";
  /** What the mentor recognises it by: the Google address, or the CalDAV user at its server. */
  accountLabel: string;
  /** The CalDAV server's address; null for Google. */
  serverUrl: string | null;
  /** The provider's credentials (stored encrypted). */
  credentials: unknown;
  /** The app's address the mentor connected from (the join links written into his calendar lead there). */
  origin?: string;
};

const mentorZone = async (deps: Pick<ServiceDeps, "db">, mentorId: string) => {
  const [row] = await deps.db.select({ zone: mentors.timeZone }).from(mentors).where(eq(mentors.id, mentorId)).limit(1);
  return mentorZoneOrDefault(row?.zone);
};

/**
 * Keeps the connection (one per mentor, provider and account: connecting again replaces the credentials),
 * lists its calendars, chooses the primary one for busy time and for new sessions, and asks the
 * background work for the first pull.
 */
export async function connectCalendar(deps: ServiceDeps, connection: NewConnection): Promise<{ connectionId: string }> {
  const { db, env, now } = deps;
  const config = readConfig(env);
  const provider = providerFor(env, connection.provider);
  let credentials = connection.credentials;
  const calendars = await provider.listCalendars({
    credentials,
    saveCredentials: async (renewed) => {
      credentials = renewed;
    },
    now,
    zone: await mentorZone(deps, connection.mentorId),
  });
  const [existing] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.mentorId, connection.mentorId),
        eq(calendarConnections.provider, connection.provider),
        eq(calendarConnections.accountLabel, connection.accountLabel),
      ),
    )
    .limit(1);
  let connectionId = existing?.id ?? crypto.randomUUID();
  const values = {
    mentorId: connection.mentorId,
    provider: connection.provider,
    accountLabel: connection.accountLabel,
    serverUrl: connection.serverUrl,
    origin: connection.origin ?? null,
    state: "ok" as const,
    failedAt: null,
  };
  const [saved] = await db
    .insert(calendarConnections)
    .values({ id: connectionId, ...values, credentials: await encryptCredentials(config, connectionId, credentials), createdAt: now })
    .onConflictDoUpdate({
      target: [calendarConnections.mentorId, calendarConnections.provider, calendarConnections.accountLabel],
      set: { ...values, credentials: sql`excluded.credentials` },
    })
    .returning({ id: calendarConnections.id });
  if (saved && saved.id !== connectionId) {
    // Connected twice at once: the row kept the other request's id, which the credentials are bound to.
    connectionId = saved.id;
    await db
      .update(calendarConnections)
      .set({ credentials: await encryptCredentials(config, connectionId, credentials) })
      .where(eq(calendarConnections.id, connectionId));
  }

  const [writing] = await db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .where(and(eq(calendarSources.mentorId, connection.mentorId), eq(calendarSources.writesSessions, true)))
    .limit(1);
  const remoteIds = calendars.map((c) => c.remoteId);
  const statements = [
    ...calendars.map((c) =>
      db
        .insert(calendarSources)
        .values({
          connectionId,
          mentorId: connection.mentorId,
          remoteId: c.remoteId,
          name: c.name,
          writable: c.writable,
          countsAsBusy: c.primary,
          writesSessions: c.primary && c.writable && !writing,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [calendarSources.connectionId, calendarSources.remoteId],
          // A calendar that became read-only no longer takes new sessions; connecting again tries its push at once.
          set: {
            name: c.name,
            writable: c.writable,
            missingAt: null,
            watchFailures: 0,
            watchRetryAt: null,
            ...(c.writable ? {} : { writesSessions: false }),
          },
        }),
    ),
    // A calendar the account no longer lists was deleted there: it blocks nothing any more.
    db
      .update(calendarSources)
      .set({ missingAt: now, countsAsBusy: false, writesSessions: false })
      .where(
        and(
          eq(calendarSources.connectionId, connectionId),
          remoteIds.length ? notInArray(calendarSources.remoteId, remoteIds) : undefined,
          isNull(calendarSources.missingAt),
        ),
      ),
  ];
  await db.batch([statements[0]!, ...statements.slice(1)]);
  const busy = await db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .where(and(eq(calendarSources.connectionId, connectionId), eq(calendarSources.countsAsBusy, true)));
  await pullSoonAll(
    deps,
    busy.map((s) => s.id),
  );
  return { connectionId };
}

async function pullSoonAll(deps: Pick<ServiceDeps, "db" | "env" | "now">, sourceIds: string[]): Promise<void> {
  if (!sourceIds.length) return;
  await deps.db.update(calendarSources).set({ pullQueuedAt: deps.now }).where(inArray(calendarSources.id, sourceIds));
  await sendJobs(
    deps.env.CALENDAR_SYNC,
    sourceIds.map((sourceId) => ({ kind: "calendar-pull" as const, sourceId })),
  );
}

/** Asks the background work to pull one calendar's changes now (a provider's push said it changed). */
export async function pullSoon(deps: ServiceDeps, sourceId: string): Promise<void> {
  await pullSoonAll(deps, [sourceId]);
}
