import { eq } from "drizzle-orm";
import { calendarBusy, calendarConnections, calendarSessionEvents, calendarSources } from "../../db/schema";
import { all, type Section } from "./archive-rows";

/**
 * A mentor's connected calendars in his archive (ADR 0039, ADR 0040): the accounts without their credentials (a secret
 * column), what he chose for each calendar, the busy times mirrored from them and the sessions written into them.
 */
export const CALENDAR_SECTIONS: Section[] = [
  {
    file: "connected-calendars.json",
    tables: ["calendar_connections", "calendar_sources"],
    about: "the calendar accounts you connected (without their passwords or tokens) and what you chose for each calendar",
    rows: async (db, who) =>
      who.role !== "mentor"
        ? []
        : [
            ...(await all(calendarConnections, (w) => eq(calendarConnections.mentorId, w.id))(db, who)),
            ...(await all(calendarSources, (w) => eq(calendarSources.mentorId, w.id))(db, who)),
          ],
  },
  {
    file: "calendar-busy-times.json",
    tables: ["calendar_busy", "calendar_session_events"],
    about: "the busy times copied from your calendars, and the sessions written into them",
    rows: async (db, who) =>
      who.role !== "mentor"
        ? []
        : [
            ...(await all(calendarBusy, (w) => eq(calendarBusy.mentorId, w.id), calendarBusy.startAt)(db, who)),
            ...(await all(calendarSessionEvents, (w) => eq(calendarSessionEvents.mentorId, w.id))(db, who)),
          ],
  },
];
