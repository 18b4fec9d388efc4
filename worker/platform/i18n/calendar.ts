import { msg } from "@lingui/core/macro";
import type { Locale } from "../../../shared/locale";
import { i18nFor } from "./index";

/**
 * The words of the product's calendar files (ADR 0027): the feed's name and each event's summary and
 * description, in the language of the calendar's owner (a feed) or of the mail's recipient (an
 * invitation). The files themselves are written by worker/calendars/ics.ts.
 */
const PRODUCT = "MentorLink";

export const calendarName = (locale: Locale) => i18nFor(locale)._(msg`MentorLink sessions`);

/** What an event names: its kind, the other party, and what the booking says. */
export type EventWords = {
  type: "trial" | "session";
  other: string;
  title?: string | null;
  /** The slot's own description (the feed shows it). */
  about?: string | null;
  agenda?: string | null;
  /** "Mentor's time: …" (the feed shows it), already formatted in `locale`. */
  mentorTime?: string | null;
  /** The session's live room, where both join (the download and the feed show it). */
  joinUrl?: string | null;
};

export function eventSummary(type: EventWords["type"], other: string, locale: Locale): string {
  const i18n = i18nFor(locale);
  return type === "trial" ? i18n._(msg`Free intro call with ${other}`) : i18n._(msg`Mentorship session with ${other}`);
}

export function eventDescription(e: EventWords, locale: Locale): string {
  const i18n = i18nFor(locale);
  const { other, title, agenda, mentorTime, joinUrl } = e;
  const first =
    e.type === "trial"
      ? i18n._(msg`Free intro call with ${other} on ${PRODUCT}.`)
      : i18n._(msg`Mentorship session with ${other} on ${PRODUCT}.`);
  return [
    first,
    title ? i18n._(msg`Topic: ${title}`) : "",
    e.about ?? "",
    agenda ? i18n._(msg`Agenda: ${agenda}`) : "",
    mentorTime ? i18n._(msg`Mentor's time: ${mentorTime}`) : "",
    joinUrl ? i18n._(msg`Join the session: ${joinUrl}`) : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The feed's stand-in when a mentee's name is unknown. */
export const yourMentee = (locale: Locale) => i18nFor(locale)._(msg`your mentee`);
