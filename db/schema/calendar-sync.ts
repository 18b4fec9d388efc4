import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";
import { mentors } from "./mentors";

export const calendarProviders = ["google", "caldav"] as const;
export type CalendarProviderKind = (typeof calendarProviders)[number];
/** ok: syncing. lost: the account refused us (password changed, access revoked): the mentor must reconnect. failing: the server did not answer; retried. */
export const calendarConnectionStates = ["ok", "lost", "failing"] as const;
export type CalendarConnectionState = (typeof calendarConnectionStates)[number];

/**
 * A calendar account a mentor connected (ADR 0040): one per mentor, provider and account. Its credentials
 * are kept only encrypted (AES-GCM, the key is a Worker secret). Disconnecting deletes it and, by cascade,
 * its calendars, their mirrored busy time and the record of the sessions written to it.
 */
export const calendarConnections = sqliteTable(
  "calendar_connections",
  {
    id: id(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: calendarProviders }).notNull(),
    accountLabel: text("account_label").notNull(),
    serverUrl: text("server_url"),
    /** The app's address the mentor connected from: the join links of the sessions written to his calendar lead back to it. */
    origin: text("origin"),
    /** base64url(iv ‖ AES-GCM ciphertext) of the provider's credentials as JSON. */
    credentials: text("credentials").notNull(),
    state: text("state", { enum: calendarConnectionStates }).notNull().default("ok"),
    /** When it last failed (kept while failing or lost). */
    failedAt: instant("failed_at"),
    lastSyncedAt: instant("last_synced_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_connections_account").on(t.mentorId, t.provider, t.accountLabel)],
);

/** One calendar of a connected account, and what the mentor chose for it. */
export const calendarSources = sqliteTable(
  "calendar_sources",
  {
    id: id(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    mentorId: text("mentor_id").notNull(),
    /** The provider's id of the calendar (Google's calendar id, a CalDAV calendar's URL). */
    remoteId: text("remote_id").notNull(),
    name: text("name").notNull(),
    writable: flag("writable"),
    /** Its events close the mentor's overlapping slots. */
    countsAsBusy: flag("counts_as_busy"),
    /** New sessions are written here (at most one calendar per mentor). */
    writesSessions: flag("writes_sessions"),
    /** The provider's sync token or ctag from the last pull; null pulls the whole window. */
    syncState: text("sync_state"),
    lastPulledAt: instant("last_pulled_at"),
    /** When a pull was last handed to the queue (the minute sweep does not hand on another before the interval). */
    pullQueuedAt: instant("pull_queued_at"),
    /** The provider no longer has this calendar (deleted there). */
    missingAt: instant("missing_at"),
    /**
     * Keeping its push channel (Google's watch: opening, renewing or stopping it) failed this many times in a row;
     * 0 once it worked. The next try waits until `watchRetryAt`, longer after each failure (ADR 0041).
     */
    watchFailures: integer("watch_failures").notNull().default(0),
    watchRetryAt: instant("watch_retry_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_sources_remote").on(t.connectionId, t.remoteId),
    index("calendar_sources_mentor_idx").on(t.mentorId),
    index("calendar_sources_due_idx").on(t.countsAsBusy, t.pullQueuedAt),
  ],
);

/**
 * The mirror of a mentor's busy time (ADR 0040): the intervals of his calendars' events that block, within the
 * pull window. The booking statement refuses a slot that overlaps one; nothing asks a provider while a mentee waits.
 */
export const calendarBusy = sqliteTable(
  "calendar_busy",
  {
    id: id(),
    sourceId: text("source_id")
      .notNull()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    mentorId: text("mentor_id").notNull(),
    /** The provider's event (a CalDAV object's href, a Google event id): every interval of one event goes with it. */
    remoteEventId: text("remote_event_id").notNull(),
    startAt: instant("start_at").notNull(),
    endAt: instant("end_at").notNull(),
  },
  (t) => [
    index("calendar_busy_mentor_start_idx").on(t.mentorId, t.startAt),
    index("calendar_busy_event_idx").on(t.sourceId, t.remoteEventId),
  ],
);

/**
 * A booked session as written into the mentor's calendar: one row per booking. `wanted` is what the event should be
 * (written by the booking, a move or a cancel); the background work makes the calendar agree and records `ref`.
 */
export const calendarSessionEvents = sqliteTable(
  "calendar_session_events",
  {
    bookingId: text("booking_id").primaryKey(),
    mentorId: text("mentor_id").notNull(),
    /** The calendar it was written to (null once that calendar is gone). */
    sourceId: text("source_id").references(() => calendarSources.id, { onDelete: "set null" }),
    /** The provider's reference of the written event (a CalDAV object's URL, a Google event id). */
    ref: text("ref"),
    /** Raised by each change; the work done records the version it wrote, so an older retry writes nothing. */
    version: integer("version").notNull().default(1),
    writtenVersion: integer("written_version").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** When the work was last handed to the queue (the minute sweep hands on what was lost after a few minutes). */
    queuedAt: instant("queued_at"),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [index("calendar_session_events_pending_idx").on(t.writtenVersion, t.version)],
);
