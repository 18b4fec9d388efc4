import { and, asc, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { calendarBusy, calendarConnections, calendarSessionEvents, calendarSources } from "../../../db/schema";
import type { ServiceDeps } from "../../platform/deps";
import { fail } from "../../platform/domain-error";
import { isDevelopment, readConfig } from "../../platform/env";
import { mergeIntervals } from "../caldav/busy-intervals";
import { CaldavAddressRefused, type CaldavCredentials } from "../caldav/caldav-provider";
import { caldavUrlProblem } from "../caldav/safe-url";
import { connectCalendar, pullSoon } from "./connections";
import { decryptCredentials } from "./credentials";
import { CalendarAccessLost, CalendarUnreachable } from "./provider";
import { providerFor } from "./providers";

/** What a mentor does with his connected calendars (ADR 0040): always his own, from the token. */

export const WRONG_CREDENTIALS = "The calendar server did not accept this user name and app password. Check them and try again.";
export const UNREACHABLE =
  "We could not reach a CalDAV calendar at this address. Check the address (your provider's help page gives it) and try again.";
export const NO_CALENDARS = "This account has no calendars we can read.";
const NOT_CONNECTED = "This calendar is not connected to your account.";

export async function connectCaldav(
  deps: ServiceDeps & { origin: string },
  mentorId: string,
  input: { serverUrl: string; username: string; password: string },
) {
  const problem = caldavUrlProblem(input.serverUrl, isDevelopment(readConfig(deps.env)));
  if (problem) fail("BAD_REQUEST", problem);
  const host = new URL(input.serverUrl).host;
  const credentials: CaldavCredentials = { serverUrl: input.serverUrl, username: input.username, password: input.password };
  try {
    const { connectionId } = await connectCalendar(deps, {
      mentorId,
      provider: "caldav",
      accountLabel: `${input.username} (${host})`,
      serverUrl: input.serverUrl,
      credentials,
      origin: deps.origin,
    });
    const [listed] = await deps.db
      .select({ n: count() })
      .from(calendarSources)
      .where(and(eq(calendarSources.connectionId, connectionId), isNull(calendarSources.missingAt)));
    if (!Number(listed?.n)) {
      await disconnect(deps, mentorId, connectionId);
      fail("BAD_REQUEST", NO_CALENDARS);
    }
    return { connectionId };
  } catch (error) {
    if (error instanceof CalendarAccessLost) fail("BAD_REQUEST", WRONG_CREDENTIALS);
    if (error instanceof CaldavAddressRefused) fail("BAD_REQUEST", error.message);
    if (error instanceof CalendarUnreachable) fail("BAD_REQUEST", UNREACHABLE);
    throw error;
  }
}

/** His accounts with their calendars, as the Calendars card shows them. */
export async function listCalendarAccounts(deps: Pick<ServiceDeps, "db">, mentorId: string) {
  const [connections, sources] = await Promise.all([
    deps.db
      .select({
        id: calendarConnections.id,
        provider: calendarConnections.provider,
        accountLabel: calendarConnections.accountLabel,
        state: calendarConnections.state,
        failedAt: calendarConnections.failedAt,
        lastSyncedAt: calendarConnections.lastSyncedAt,
      })
      .from(calendarConnections)
      .where(eq(calendarConnections.mentorId, mentorId))
      .orderBy(asc(calendarConnections.createdAt)),
    deps.db
      .select({
        id: calendarSources.id,
        connectionId: calendarSources.connectionId,
        name: calendarSources.name,
        writable: calendarSources.writable,
        countsAsBusy: calendarSources.countsAsBusy,
        writesSessions: calendarSources.writesSessions,
        lastPulledAt: calendarSources.lastPulledAt,
        missingAt: calendarSources.missingAt,
      })
      .from(calendarSources)
      .where(eq(calendarSources.mentorId, mentorId))
      .orderBy(asc(calendarSources.name)),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return connections.map((c) => ({
    id: c.id,
    provider: c.provider,
    accountLabel: c.accountLabel,
    /** ok, lost (reconnect), failing (the server did not answer; retried). */
    state: c.state,
    failedAt: iso(c.failedAt),
    lastSyncedAt: iso(c.lastSyncedAt),
    calendars: sources
      .filter((s) => s.connectionId === c.id)
      .map(({ connectionId: _, missingAt, lastPulledAt, ...s }) => ({
        ...s,
        missing: missingAt !== null,
        lastPulledAt: iso(lastPulledAt),
      })),
  }));
}

/** Counts a calendar as busy or not, or writes new sessions into it (one calendar of all his accounts). */
export async function chooseCalendar(
  deps: ServiceDeps,
  mentorId: string,
  input: { calendarId: string; countsAsBusy?: boolean; writesSessions?: true },
) {
  const { db } = deps;
  const [source] = await db
    .select()
    .from(calendarSources)
    .where(and(eq(calendarSources.id, input.calendarId), eq(calendarSources.mentorId, mentorId)))
    .limit(1);
  if (!source) fail("NOT_FOUND", NOT_CONNECTED);
  if (source.missingAt) fail("CONFLICT", "This calendar was deleted at its provider.");
  if (input.writesSessions && !source.writable) fail("BAD_REQUEST", "This calendar is read-only: choose another one for new sessions.");
  if (input.writesSessions) {
    await db.batch([
      db.update(calendarSources).set({ writesSessions: false }).where(eq(calendarSources.mentorId, mentorId)),
      db.update(calendarSources).set({ writesSessions: true }).where(eq(calendarSources.id, source.id)),
    ]);
  }
  if (input.countsAsBusy === true && !source.countsAsBusy) {
    // Read again: pulled at once, and its push (if the provider has one) tried at the next minute, not after an old backoff.
    await db
      .update(calendarSources)
      .set({ countsAsBusy: true, syncState: null, watchFailures: 0, watchRetryAt: null })
      .where(eq(calendarSources.id, source.id));
    await pullSoon(deps, source.id);
  }
  if (input.countsAsBusy === false && source.countsAsBusy) {
    // No longer busy time: its mirror goes at once, and a later pull starts over.
    await db.batch([
      db.update(calendarSources).set({ countsAsBusy: false, syncState: null }).where(eq(calendarSources.id, source.id)),
      db.delete(calendarBusy).where(eq(calendarBusy.sourceId, source.id)),
    ]);
  }
  return { calendarId: source.id };
}

/** Removes the account and everything of it here: credentials, calendars, mirrored busy time, written-session records. */
export async function disconnect(deps: ServiceDeps, mentorId: string, connectionId: string) {
  const { db, env, now } = deps;
  const [connection] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.mentorId, mentorId)))
    .limit(1);
  if (!connection) fail("NOT_FOUND", NOT_CONNECTED);
  const provider = providerFor(env, connection.provider);
  if (provider.revoke) {
    // Giving our access back is a courtesy: a provider that fails it does not keep the account connected here.
    try {
      const credentials = await decryptCredentials(readConfig(env), connection.id, connection.credentials);
      await provider.revoke({ credentials, now, saveCredentials: async () => {} });
    } catch (error) {
      console.warn("calendar access not revoked at the provider", error);
    }
  }
  const sources = db.select({ id: calendarSources.id }).from(calendarSources).where(eq(calendarSources.connectionId, connectionId));
  await db.batch([
    db.delete(calendarBusy).where(inArray(calendarBusy.sourceId, sources)),
    db.delete(calendarSessionEvents).where(inArray(calendarSessionEvents.sourceId, sources)),
    db.delete(calendarSources).where(eq(calendarSources.connectionId, connectionId)),
    db.delete(calendarConnections).where(eq(calendarConnections.id, connectionId)),
  ]);
  return { connectionId };
}

const MAX_WINDOW_MS = 70 * 24 * 60 * 60 * 1000;

/** His busy time from the mirror (merged), for the scheduler to draw: our database only, never the provider. */
export async function busyTimes(deps: Pick<ServiceDeps, "db">, mentorId: string, asked: { from: string; to: string }) {
  const window = { from: asked.from, to: new Date(Math.min(Date.parse(asked.to), Date.parse(asked.from) + MAX_WINDOW_MS)).toISOString() };
  const rows = await deps.db
    .select({ startAt: calendarBusy.startAt, endAt: calendarBusy.endAt })
    .from(calendarBusy)
    .where(
      and(
        eq(calendarBusy.mentorId, mentorId),
        lt(calendarBusy.startAt, new Date(window.to)),
        gt(calendarBusy.endAt, new Date(window.from)),
      ),
    );
  return mergeIntervals(rows).map((i) => ({ startAt: i.startAt.toISOString(), endAt: i.endAt.toISOString() }));
}
