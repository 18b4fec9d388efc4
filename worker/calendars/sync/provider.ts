/**
 * What the calendar sync asks of a mentor's calendar provider (Google Calendar, CalDAV). The sync itself
 * (which calendars count as busy, the mirror of busy time, the session events written back, the queue
 * that carries the work) never talks to a provider in any other way, so a provider is one file of
 * calls and a new one needs nothing else. No provider is called while a mentee waits: these run in
 * the background work only.
 */

/** One calendar of a connected account, as the provider lists it. */
export type RemoteCalendar = {
  /** The provider's own id: Google's calendar id, a CalDAV calendar's URL. */
  remoteId: string;
  name: string;
  /** The account's main calendar: chosen by default for busy time and for new sessions. */
  primary: boolean;
  /** Events can be written to it (a read-only subscription cannot hold sessions). */
  writable: boolean;
};

/** One change to the busy time of a calendar since the last pull. */
export type BusyChange =
  | { kind: "busy"; remoteEventId: string; startAt: Date; endAt: Date }
  /** Deleted, cancelled, declined or marked free: the event no longer blocks anything. */
  | { kind: "gone"; remoteEventId: string };

export type PullResult = {
  changes: BusyChange[];
  /** Kept for the next pull (Google's sync token, a CalDAV sync token or ctag); null when the provider has none. */
  nextSyncState: string | null;
  /** The changes are the whole window, not a delta: the mirror of this calendar is replaced by them. */
  complete: boolean;
};

/** A session as it is written into the mentor's calendar; `uid` is the one our `.ics` files carry. */
export type SessionEvent = {
  uid: string;
  title: string;
  description: string;
  startAt: Date;
  endAt: Date;
  joinUrl: string;
};

/** What every provider call gets: the account's credentials and a way to keep refreshed ones. */
export type ProviderCall<Credentials> = {
  credentials: Credentials;
  /** Saves credentials the provider renewed (a new Google access token), encrypted like the first ones. */
  saveCredentials: (credentials: Credentials) => Promise<void>;
  now: Date;
  /** The mentor's time zone: an all-day event (or one in floating time) blocks his day there. */
  zone?: string;
};

/** The account no longer lets us in (revoked, password changed): the mentor is asked to connect again. */
export class CalendarAccessLost extends Error {
  constructor(message = "calendar access refused by the provider") {
    super(message);
    this.name = "CalendarAccessLost";
  }
}

/** The calendar is gone at the provider (deleted there): its busy time is no longer pulled, and the mentor is told. */
export class CalendarMissing extends Error {
  constructor(message = "calendar: gone at the provider") {
    super(message);
    this.name = "CalendarMissing";
  }
}

/**
 * The provider refused to add or change an event because the user may only read the calendar (its sharing changed
 * since it was listed): the calendar no longer takes new sessions, instead of retrying a write that cannot succeed.
 */
export class CalendarReadOnly extends Error {
  constructor(message = "calendar: read-only for this user") {
    super(message);
    this.name = "CalendarReadOnly";
  }
}

/** The provider did not answer (down, timed out, refused our address): retried later; the last known busy time stands. */
export class CalendarUnreachable extends Error {
  constructor(message = "calendar: no answer from the provider") {
    super(message);
    this.name = "CalendarUnreachable";
  }
}

export interface CalendarProvider<Credentials> {
  readonly kind: "google" | "caldav";
  listCalendars(call: ProviderCall<Credentials>): Promise<RemoteCalendar[]>;
  /**
   * Busy time of one calendar from `syncState` on (null: everything in `window`). A provider whose
   * sync state has expired answers a complete pull of the window instead of failing.
   */
  pullBusy(
    call: ProviderCall<Credentials>,
    remoteId: string,
    syncState: string | null,
    window: { from: Date; to: Date },
  ): Promise<PullResult>;
  /** Creates the session's event, or replaces it when `ref` names the one written before. Returns the event's reference. */
  putSessionEvent(call: ProviderCall<Credentials>, remoteId: string, event: SessionEvent, ref: string | null): Promise<{ ref: string }>;
  /** Removes the session's event; one already gone is not an error. */
  removeSessionEvent(call: ProviderCall<Credentials>, remoteId: string, ref: string): Promise<void>;
  /** Asks the provider to tell us of changes (Google's watch channels); providers without push leave it out. */
  watch?(
    call: ProviderCall<Credentials>,
    remoteId: string,
    channel: { id: string; token: string; address: string },
  ): Promise<{ resourceId: string; expiresAt: Date }>;
  /** Stops a watch channel (when the calendar is no longer read or the account is disconnected). */
  stopWatch?(call: ProviderCall<Credentials>, channel: { id: string; resourceId: string }): Promise<void>;
  /** Gives up our access at the provider when the mentor disconnects (Google's token revocation). */
  revoke?(call: ProviderCall<Credentials>): Promise<void>;
}
