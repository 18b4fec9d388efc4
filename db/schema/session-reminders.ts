import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";
import { timeSlots } from "./time-slots";

export const reminderKinds = ["24h", "1h"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/**
 * A reminder that was sent (or skipped because the cron ran too late): one row per booking, person and
 * kind. A booking is a slot and the instant it was booked, so a re-booked slot is reminded again.
 * The unique key makes a second cron run a no-op (ADR 0013).
 */
export const sessionReminders = sqliteTable(
  "session_reminders",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => timeSlots.id),
    bookedAt: instant("booked_at").notNull(),
    recipientRole: role("recipient_role"),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("session_reminders_once").on(t.slotId, t.bookedAt, t.recipientRole, t.kind)],
);

/** A private calendar feed URL of one user: the token is the secret in the URL; resetting it revokes the old URL. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: id(),
    ownerRole: role("owner_role"),
    ownerId: text("owner_id").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_owner").on(t.ownerRole, t.ownerId), uniqueIndex("calendar_feeds_token").on(t.token), index("calendar_feeds_created_idx").on(t.createdAt)],
);
