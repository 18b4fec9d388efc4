import type { ServiceDeps } from "../../platform/deps";

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
};

/**
 * Keeps the connection (one per mentor, provider and account: connecting again replaces the credentials),
 * lists its calendars, chooses the primary one for busy time and for new sessions, and asks the
 * background work for the first pull.
 */
export async function connectCalendar(_deps: ServiceDeps, _connection: NewConnection): Promise<{ connectionId: string }> {
  throw new Error("connectCalendar is not built yet");
}

/** Asks the background work to pull one calendar's changes now (a provider's push said it changed). */
export async function pullSoon(_deps: ServiceDeps, _sourceId: string): Promise<void> {
  throw new Error("pullSoon is not built yet");
}
