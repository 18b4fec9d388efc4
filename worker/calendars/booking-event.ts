import { callEnd } from "../../shared/live-window";
import type { Locale } from "../../shared/locale";
import { formatWhen } from "../../shared/zoned-time";
import { eventDescription, eventSummary, yourMentee } from "../platform/i18n/calendar";
import type { SlotView } from "../scheduling/slot-view";
import type { IcsEvent } from "./ics";

/** The live room of a session as one party opens it: the link to join from a calendar or an e-mail. */
export const joinUrlOf = (origin: string, viewer: "mentee" | "mentor", slotId: string) =>
  `${origin}/${viewer === "mentee" ? "mentees" : "mentors"}/connect/live/${slotId}`;

/** One calendar event per booking, seen from one party, in her language (ADR 0027). */
export function bookingEvent(view: SlotView, bookedAt: Date, viewer: "mentee" | "mentor", origin: string, locale: Locale): IcsEvent {
  const other = viewer === "mentee" ? view.mentorName : (view.menteeName ?? yourMentee(locale));
  const mentorTime = formatWhen(view.start, view.mentorTimeZone, locale);
  // The session's live room: the link to join from the calendar (it follows a moved booking: a new SEQUENCE carries it).
  const joinUrl = joinUrlOf(origin, viewer, view.id);
  return {
    // One booking is one event wherever it moves (ADR 0023): the same UID, a higher SEQUENCE per move.
    uid: `${view.bookingId ?? `${view.id}-${bookedAt.getTime()}`}@mentorlink`,
    sequence: view.sequence,
    start: new Date(view.start),
    // A free intro call is 15 minutes of its one-hour slot: the calendar holds the call, not the slot.
    end: callEnd({ type: view.type, start: new Date(view.start), end: new Date(view.end) }),
    stamp: bookedAt,
    summary: eventSummary(view.type, other, locale),
    description: eventDescription(
      { type: view.type, other, title: view.title, about: view.description, agenda: view.agenda, mentorTime, joinUrl },
      locale,
    ),
    url: joinUrl,
  };
}
