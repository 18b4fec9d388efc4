import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { calendarConnections, calendarSessionEvents, calendarSources, mentors, timeSlots } from "../../../db/schema";
import type { ServiceDeps } from "../../platform/deps";
import { readConfig } from "../../platform/env";
import { mailLocale } from "../../platform/i18n";
import { sendJobs } from "../../platform/queues";
import { slotQuery, slotView } from "../../scheduling/slot-view";
import { bookingEvent } from "../booking-event";
import { decryptCredentials, encryptCredentials } from "./credentials";
import { CalendarAccessLost, CalendarMissing, CalendarReadOnly } from "./provider";
import { providerFor } from "./providers";

/**
 * Sessions written into the mentor's own calendar (ADR 0040). A booking, a move, a cancel or a deleted slot marks
 * its booking's row in the SAME batch as the change (`sessionEventMark`, placed by the booking mails' one place);
 * after the commit the background work makes the calendar agree with the booking as it then stands: an event
 * with the booking's UID (the one our `.ics` files carry) while it is booked, none once it is not. Marking twice
 * only writes the same event again; a failure is retried by the queue and never touches the booking.
 */
const MAX_ATTEMPTS = 8;
/** A mark the queue lost is handed on again after this. */
const LOST_AFTER_MS = 5 * 60 * 1000;

type Deps = Pick<ServiceDeps, "db" | "env" | "now">;

/** Makes the mentor's calendar agree with the booking. Throws to be retried (the caller counts attempts). */
export async function writeSessionEvent(deps: Deps, bookingId: string): Promise<"written" | "removed" | "nothing"> {
  const { db, now } = deps;
  const [mark] = await db.select().from(calendarSessionEvents).where(eq(calendarSessionEvents.bookingId, bookingId)).limit(1);
  if (!mark || mark.writtenVersion >= mark.version) return "nothing";
  const [booked] = await slotQuery(db)
    .where(and(eq(timeSlots.bookingId, bookingId), eq(timeSlots.state, "booked")))
    .limit(1);
  const [target] = booked
    ? await db
        .select({ source: calendarSources, connection: calendarConnections, locale: mentors.locale })
        .from(calendarSources)
        .innerJoin(calendarConnections, eq(calendarConnections.id, calendarSources.connectionId))
        .innerJoin(mentors, eq(mentors.id, calendarSources.mentorId))
        .where(and(eq(calendarSources.mentorId, mark.mentorId), eq(calendarSources.writesSessions, true)))
        .limit(1)
    : [];
  let ref = mark.ref;
  let sourceId = mark.sourceId;
  // Written before into another calendar (he chose a new one), or no longer booked: the old event goes.
  if (ref && sourceId && (!target || target.source.id !== sourceId)) {
    await withSource(deps, sourceId, (provider, call, remoteId) => provider.removeSessionEvent(call, remoteId, ref!));
    ref = null;
    sourceId = null;
  }
  if (booked && target) {
    const view = slotView(booked, now);
    const event = bookingEvent(view, booked.slot.bookedAt ?? now, "mentor", target.connection.origin ?? "", mailLocale(target.locale));
    const written = await withSource(deps, target.source.id, (provider, call, remoteId) =>
      provider.putSessionEvent(
        call,
        remoteId,
        {
          uid: event.uid,
          title: event.summary,
          description: event.description ?? "",
          startAt: event.start,
          endAt: event.end,
          joinUrl: event.url ?? "",
        },
        ref,
      ),
    );
    ref = written?.ref ?? null;
    sourceId = target.source.id;
  }
  await db
    .update(calendarSessionEvents)
    .set({ ref, sourceId, writtenVersion: sql`max(${calendarSessionEvents.writtenVersion}, ${mark.version})`, attempts: 0, updatedAt: now })
    .where(eq(calendarSessionEvents.bookingId, bookingId));
  return booked && target ? "written" : "removed";
}

/**
 * Calls the provider of one calendar; a calendar or account that is gone, or a calendar he may no longer write to,
 * ends the work quietly (nothing to write to; the card shows why).
 */
async function withSource<T>(
  deps: Deps,
  sourceId: string,
  // biome-ignore lint/suspicious/noExplicitAny: the provider's own credentials
  work: (provider: ReturnType<typeof providerFor>, call: any, remoteId: string) => Promise<T>,
): Promise<T | null> {
  const { db, env, now } = deps;
  const [row] = await db
    .select({ remoteId: calendarSources.remoteId, connection: calendarConnections })
    .from(calendarSources)
    .innerJoin(calendarConnections, eq(calendarConnections.id, calendarSources.connectionId))
    .where(eq(calendarSources.id, sourceId))
    .limit(1);
  if (!row || row.connection.state === "lost") return null;
  const config = readConfig(env);
  const connectionId = row.connection.id;
  const call = {
    credentials: await decryptCredentials(config, connectionId, row.connection.credentials),
    now,
    saveCredentials: async (renewed: unknown) => {
      await db
        .update(calendarConnections)
        .set({ credentials: await encryptCredentials(config, connectionId, renewed) })
        .where(eq(calendarConnections.id, connectionId));
    },
  };
  try {
    return await work(providerFor(env, row.connection.provider), call, row.remoteId);
  } catch (error) {
    if (error instanceof CalendarAccessLost) {
      await db.update(calendarConnections).set({ state: "lost", failedAt: now }).where(eq(calendarConnections.id, connectionId));
      return null;
    }
    if (error instanceof CalendarReadOnly) {
      // He may only read it now (its sharing changed): it stops taking sessions, and his Calendars card says why.
      await db.update(calendarSources).set({ writable: false, writesSessions: false }).where(eq(calendarSources.id, sourceId));
      return null;
    }
    if (error instanceof CalendarMissing) {
      await db
        .update(calendarSources)
        .set({ missingAt: now, writesSessions: false, countsAsBusy: false })
        .where(eq(calendarSources.id, sourceId));
      return null;
    }
    throw error;
  }
}

/** A failed write counts an attempt; after MAX_ATTEMPTS it is given up (the booking stands; his calendar lacks the event). */
export async function sessionEventFailed(db: Db, bookingId: string): Promise<{ giveUp: boolean; attempts: number }> {
  const [row] = await db
    .update(calendarSessionEvents)
    .set({ attempts: sql.raw("attempts + 1") })
    .where(eq(calendarSessionEvents.bookingId, bookingId))
    .returning({ attempts: calendarSessionEvents.attempts });
  const attempts = row?.attempts ?? MAX_ATTEMPTS;
  return { giveUp: attempts >= MAX_ATTEMPTS, attempts };
}

/** The minute cron's part: marks whose message was lost (or never sent) go to the queue again. */
export async function handOnSessionEvents(deps: Deps): Promise<{ queued: number }> {
  const { db, env, now } = deps;
  const due = await db.all<{ booking_id: string }>(sql`update calendar_session_events set queued_at = ${now.getTime()}
    where booking_id in (select booking_id from calendar_session_events
      where written_version < version and attempts < ${MAX_ATTEMPTS}
        and coalesce(queued_at, updated_at) <= ${now.getTime() - LOST_AFTER_MS / 5}
        and (queued_at is null or queued_at <= ${now.getTime() - LOST_AFTER_MS})
      limit 500)
    returning booking_id`);
  await sendJobs(
    env.CALENDAR_SYNC,
    due.map((r) => ({ kind: "calendar-session" as const, bookingId: r.booking_id })),
  );
  return { queued: due.length };
}
