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

/**
 * A reminder planned for its instant (ADR 0031): the minute sweep writes one row per booking, start and kind when its
 * due instant comes within the next minute, and hands it to the reminders queue with a delay that ends at that instant.
 * The unique key makes overlapping sweeps plan it once; a session moved to another start gets a plan of its own.
 */
export const reminderPlans = sqliteTable(
  "reminder_plans",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => timeSlots.id),
    bookedAt: instant("booked_at").notNull(),
    startAt: instant("start_at").notNull(),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    /** When it is due: 24 hours or 1 hour before the start, or the planning instant when that has passed already. */
    dueAt: instant("due_at").notNull(),
    /** Set by the consumer once both people's reminders were written, or it found the session gone. */
    doneAt: instant("done_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reminder_plans_once").on(t.slotId, t.bookedAt, t.startAt, t.kind),
    index("reminder_plans_due_idx").on(t.doneAt, t.dueAt),
  ],
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
  (t) => [
    uniqueIndex("calendar_feeds_owner").on(t.ownerRole, t.ownerId),
    uniqueIndex("calendar_feeds_token").on(t.token),
    index("calendar_feeds_created_idx").on(t.createdAt),
  ],
);
