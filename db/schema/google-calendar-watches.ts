import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { calendarSources } from "./calendar-sync";
import { createdAt, instant } from "./columns";

/**
 * Google's watch channel on a mentor's calendar (ADR 0041): Google pushes to us when the calendar changes, so the
 * busy-time mirror is pulled within seconds instead of at the next sweep. One live channel per calendar; it expires
 * (a week at most) and is renewed before. The token Google repeats is derived from the channel id, not stored.
 */
export const googleCalendarWatches = sqliteTable(
  "google_calendar_watches",
  {
    sourceId: text("source_id")
      .primaryKey()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    /** Google's id of the watched resource: needed to stop the channel. */
    resourceId: text("resource_id").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("google_calendar_watches_channel").on(t.channelId), index("google_calendar_watches_expiry_idx").on(t.expiresAt)],
);
