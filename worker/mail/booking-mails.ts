import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { formatWhen } from "../../shared/zoned-time";
import { bookingEvent, joinUrlOf } from "../calendars/booking-event";
import { type IcsEvent, type InvitationMethod, icsInvitation } from "../calendars/ics";
import { i18nFor } from "../platform/i18n";
import type { SlotView } from "../scheduling/slot-view";
import { htmlOf, type MailContent, PRODUCT, textOf } from "./layout";
import type { MailMessage } from "./mail";

/**
 * The e-mails of a booking's changes, one to each party, each in the recipient's own time
 * zone and language (ADR 0027), in plain text and HTML, with the calendar file attached: METHOD:REQUEST when a booking is
 * made or moved (calendars add it, or update it in place: same UID, higher SEQUENCE), METHOD:CANCEL
 * when it is cancelled by the mentee or deleted by the mentor (calendars remove it).
 */

export type Party = { email: string; first: string; last: string; zone: string /** Her mail's language. */; locale: Locale };

export type BookingChange =
  /** `view` is the new booking. */
  | { kind: "booked" }
  /** `view` is the booking at its new time; `from` its old start. */
  | { kind: "moved"; from: Date }
  /** The mentee cancelled; `view` is the booking as it was. */
  | { kind: "cancelled"; reason: string | null }
  /** The mentor deleted the booked slot; `view` is the booking as it was. */
  | { kind: "deleted"; reason: string | null };

export type BookingMailInput = {
  change: BookingChange;
  view: SlotView;
  mentee: Party;
  mentor: Party;
  now: Date;
  /** The app's address the request reached, for the join link (as every mailed link is built). */
  origin: string;
};

const nameOf = (p: Party) => `${p.first} ${p.last}`;
const kindOf = (view: SlotView, i18n: I18n) => (view.type === "trial" ? i18n._(msg`free intro call`) : i18n._(msg`session`));

/**
 * The calendar event of the booking as one party sees it: the same event as her downloaded file and her feed (UID,
 * words, join link), stamped now, naming who organizes and who attends (an invitation, RFC 5546).
 */
function calendarEvent(input: BookingMailInput, viewer: "mentee" | "mentor"): IcsEvent {
  const { view, mentee, mentor, now, origin } = input;
  const { locale } = viewer === "mentee" ? mentee : mentor;
  return {
    ...bookingEvent(view, now, viewer, origin, locale),
    stamp: now,
    organizer: { name: nameOf(mentor), email: mentor.email },
    attendees: [{ name: nameOf(mentee), email: mentee.email }],
  };
}

const CONTENT_TYPE = (method: InvitationMethod) => `text/calendar; charset=utf-8; method=${method}`;

function content(input: BookingMailInput, viewer: "mentee" | "mentor"): MailContent {
  const { change, view, mentee, mentor } = input;
  const me = viewer === "mentee" ? mentee : mentor;
  const { locale } = me;
  const i18n = i18nFor(locale);
  const other = viewer === "mentee" ? nameOf(mentor) : nameOf(mentee);
  const when = formatWhen(view.start, me.zone, locale);
  const kind = kindOf(view, i18n);
  const first = me.first;
  const greeting = i18n._(msg`Hi ${first},`);
  const details: [string, string][] = [
    [i18n._(msg`When`), when],
    [viewer === "mentee" ? i18n._(msg`Mentor`) : i18n._(msg`Mentee`), other],
  ];
  if (view.title) details.push([i18n._(msg`Topic`), view.title]);
  if (view.agenda) details.push([i18n._(msg`Agenda`), view.agenda]);
  if (change.kind === "booked" || change.kind === "moved") details.push([i18n._(msg`Join link`), joinUrlOf(input.origin, viewer, view.id)]);
  const join =
    viewer === "mentee"
      ? i18n._(msg`Join from your Booked sessions page in ${PRODUCT} when it is time. The attached calendar file adds it to your calendar.`)
      : i18n._(msg`Join from your Scheduler page in ${PRODUCT} when it is time. The attached calendar file adds it to your calendar.`);
  const lang = locale;
  switch (change.kind) {
    case "booked":
      return viewer === "mentee"
        ? {
            lang,
            title: i18n._(msg`Booked: ${kind} with ${other} on ${when}`),
            greeting,
            details,
            paragraphs: [
              i18n._(msg`Your ${kind} with ${other} is booked.`),
              join,
              i18n._(msg`Plans changed? You can cancel or move it up to 12 hours before the start.`),
            ],
          }
        : {
            lang,
            title: i18n._(msg`${other} booked a ${kind} on ${when}`),
            greeting,
            details,
            paragraphs: [i18n._(msg`${other} booked a ${kind} with you.`), join],
          };
    case "moved": {
      const was = formatWhen(change.from, me.zone, locale);
      details.splice(1, 0, [i18n._(msg`Was`), was]);
      return viewer === "mentee"
        ? {
            lang,
            title: i18n._(msg`Moved: your ${kind} with ${other} is now on ${when}`),
            greeting,
            details,
            paragraphs: [i18n._(msg`Your ${kind} with ${other} moved from ${was} to ${when}.`), join],
          }
        : // The mentor's subject is the one he has always had for a move.
          {
            lang,
            title: i18n._(msg`${other} moved a session to ${when}`),
            greeting,
            details,
            paragraphs: [i18n._(msg`${other} moved the ${kind} on ${was} to ${when}. The earlier time is open again.`), join],
          };
    }
    case "cancelled": {
      if (change.reason) details.push([i18n._(msg`Reason`), change.reason]);
      const remove = i18n._(msg`The attached calendar file removes it from your calendar.`);
      return viewer === "mentee"
        ? {
            lang,
            title: i18n._(msg`Cancelled: your ${kind} with ${other} on ${when}`),
            greeting,
            details,
            paragraphs: [
              view.type === "session"
                ? i18n._(msg`You cancelled your ${kind} with ${other}. The call is back in your plan.`)
                : i18n._(msg`You cancelled your ${kind} with ${other}.`),
              remove,
            ],
          }
        : {
            lang,
            title: i18n._(msg`${other} cancelled the ${kind} on ${when}`),
            greeting,
            details,
            paragraphs: [i18n._(msg`${other} cancelled the ${kind}. The slot is open again.`), remove],
          };
    }
    case "deleted": {
      if (change.reason) details.push([i18n._(msg`Reason`), change.reason]);
      const remove = i18n._(msg`The attached calendar file removes it from your calendar.`);
      return viewer === "mentee"
        ? {
            lang,
            title: i18n._(msg`${other} cancelled your ${kind} on ${when}`),
            greeting,
            details,
            paragraphs: [
              view.type === "session"
                ? i18n._(msg`${other} cancelled your ${kind}. The call is back in your plan: book another time on their schedule.`)
                : i18n._(msg`${other} cancelled your ${kind}.`),
              remove,
            ],
          }
        : {
            lang,
            title: i18n._(msg`You cancelled the ${kind} with ${other} on ${when}`),
            greeting,
            details,
            paragraphs: [i18n._(msg`You deleted the slot, so the ${kind} with ${other} is cancelled and they have been told.`), remove],
          };
    }
  }
}

/** The two messages (the mentee's first, then the mentor's), each with its .ics. */
export function bookingMails(input: BookingMailInput): MailMessage[] {
  const method: InvitationMethod = input.change.kind === "booked" || input.change.kind === "moved" ? "REQUEST" : "CANCEL";
  return (["mentee", "mentor"] as const).map((viewer) => {
    const c = content(input, viewer);
    const to = viewer === "mentee" ? input.mentee.email : input.mentor.email;
    const ics = icsInvitation(calendarEvent(input, viewer), method);
    return {
      to,
      subject: c.title,
      text: textOf(c),
      html: htmlOf(c),
      attachments: [{ filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", contentType: CONTENT_TYPE(method), content: ics }],
    };
  });
}
