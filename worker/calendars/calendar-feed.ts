import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { calendarFeeds } from "../../db/schema";
import type { Locale } from "../../shared/locale";
import { mailLocale } from "../platform/i18n";
import { bookingsOf } from "../scheduling/views";
import { bookingEvent } from "./booking-event";
import { icsCalendar } from "./ics";

type Who = { role: "mentee" | "mentor"; id: string };

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/feed/${token}.ics`;

/** The caller's feed URL, or null when they have none (or revoked it). */
export async function calendarFeedUrl(db: Db, who: Who, origin: string) {
  const row = await db.query.calendarFeeds.findFirst({
    where: and(eq(calendarFeeds.ownerRole, who.role), eq(calendarFeeds.ownerId, who.id)),
  });
  return { url: row ? feedUrl(origin, row.token) : null };
}

const newFeedToken = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));

/** A new secret URL; the previous one stops working at once. */
export async function resetCalendarFeed(db: Db, who: Who, origin: string, now: Date) {
  const token = newFeedToken();
  await db
    .insert(calendarFeeds)
    .values({ ownerRole: who.role, ownerId: who.id, token, createdAt: now })
    .onConflictDoUpdate({ target: [calendarFeeds.ownerRole, calendarFeeds.ownerId], set: { token, createdAt: now } });
  return { url: feedUrl(origin, token) };
}

/**
 * For the batch that ends every sign-in of an account (a password reset, a moderator's block, a Google
 * take-over): its feed, if it has one, gets a new secret URL, so a copy of the old one (a stolen
 * password's holder may have read it) stops working with the sign-ins (ADR 0005). The owner finds the
 * new URL where she turned the feed on.
 */
export function rotateCalendarFeedStatement(db: Db, who: Who, now: Date, condition?: SQL) {
  return db
    .update(calendarFeeds)
    .set({ token: newFeedToken(), createdAt: now })
    .where(and(eq(calendarFeeds.ownerRole, who.role), eq(calendarFeeds.ownerId, who.id), condition));
}

export async function revokeCalendarFeed(db: Db, who: Who) {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.ownerRole, who.role), eq(calendarFeeds.ownerId, who.id)));
  return { url: null };
}

/** The owner's language, read with the feed's row. */
const ownerLocale = sql<
  string | null
>`case ${calendarFeeds.ownerRole} when 'mentee' then (select locale from mentees where id = ${calendarFeeds.ownerId}) when 'mentor' then (select locale from mentors where id = ${calendarFeeds.ownerId}) end`;

/** The feed of the token's owner, in her language, or null for an unknown (or revoked) token. */
export async function feedCalendar(db: Db, token: string, origin: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ ownerRole: calendarFeeds.ownerRole, ownerId: calendarFeeds.ownerId, locale: ownerLocale })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  if (!row || (row.ownerRole !== "mentee" && row.ownerRole !== "mentor")) return null;
  const who = { role: row.ownerRole, id: row.ownerId } as Who;
  const bookings = await bookingsOf(db, who, now);
  const locale = mailLocale(row.locale);
  return icsCalendar(
    bookings.map((b) => bookingEvent(b.view, b.bookedAt, who.role, origin, locale)),
    locale,
  );
}

/** Every booking a person has, past ones included, as one calendar file (her data archive, ADR 0039). */
export async function allBookingsCalendar(db: Db, who: Who, origin: string, now: Date, locale: Locale): Promise<string> {
  const bookings = await bookingsOf(db, who, now, new Date(0));
  return icsCalendar(
    bookings.map((b) => bookingEvent(b.view, b.bookedAt, who.role, origin, locale)),
    locale,
  );
}
