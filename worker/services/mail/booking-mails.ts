import type { MailMessage } from "../mail";
import { icsInvitation, type IcsEvent, type InvitationMethod } from "../ics";
import type { SlotView } from "../scheduling/slot-view";
import { callEnd } from "../../../shared/live-window";
import { formatWhen } from "../../../shared/zoned-time";
import { htmlOf, PRODUCT, textOf, type MailContent } from "./layout";

/**
 * The e-mails of a booking's changes (issue 23), one to each party, each in the recipient's own time
 * zone, in plain text and HTML, with the calendar file attached: METHOD:REQUEST when a booking is
 * made or moved (calendars add it, or update it in place: same UID, higher SEQUENCE), METHOD:CANCEL
 * when it is cancelled by the mentee or deleted by the mentor (calendars remove it).
 */

export type Party = { email: string; first: string; last: string; zone: string };

export type BookingChange =
  /** `view` is the new booking. */
  | { kind: "booked" }
  /** `view` is the booking at its new time; `from` its old start. */
  | { kind: "moved"; from: Date }
  /** The mentee cancelled; `view` is the booking as it was. */
  | { kind: "cancelled"; reason: string | null }
  /** The mentor deleted the booked slot; `view` is the booking as it was. */
  | { kind: "deleted"; reason: string | null };

export type BookingMailInput = { change: BookingChange; view: SlotView; mentee: Party; mentor: Party; now: Date };

const nameOf = (p: Party) => `${p.first} ${p.last}`;
const kindOf = (view: SlotView) => (view.type === "trial" ? "free intro call" : "session");

/** The calendar event of the booking as one party sees it; its UID is the booking's, as in the calendar feed. */
function calendarEvent(input: BookingMailInput, viewer: "mentee" | "mentor"): IcsEvent {
  const { view, mentee, mentor, now } = input;
  const other = viewer === "mentee" ? nameOf(mentor) : nameOf(mentee);
  const kind = view.type === "trial" ? "Free intro call" : "Mentorship session";
  const start = new Date(view.start);
  return {
    uid: `${view.bookingId ?? view.id}@mentorlink`,
    sequence: view.sequence,
    start,
    end: callEnd({ type: view.type, start, end: new Date(view.end) }),
    stamp: now,
    summary: `${kind} with ${other}`,
    description: [`${kind} with ${other} on ${PRODUCT}.`, view.title ? `Topic: ${view.title}` : "", view.agenda ? `Agenda: ${view.agenda}` : ""].filter(Boolean).join("\n"),
    organizer: { name: nameOf(mentor), email: mentor.email },
    attendees: [{ name: nameOf(mentee), email: mentee.email }],
  };
}

const CONTENT_TYPE = (method: InvitationMethod) => `text/calendar; charset=utf-8; method=${method}`;

function content(input: BookingMailInput, viewer: "mentee" | "mentor"): MailContent {
  const { change, view, mentee, mentor } = input;
  const me = viewer === "mentee" ? mentee : mentor;
  const other = viewer === "mentee" ? nameOf(mentor) : nameOf(mentee);
  const when = formatWhen(view.start, me.zone);
  const kind = kindOf(view);
  const greeting = `Hi ${me.first},`;
  const details: [string, string][] = [
    ["When", when],
    [viewer === "mentee" ? "Mentor" : "Mentee", other],
  ];
  if (view.title) details.push(["Topic", view.title]);
  if (view.agenda) details.push(["Agenda", view.agenda]);
  const join = `Join from your ${viewer === "mentee" ? "Booked sessions" : "Scheduler"} page in ${PRODUCT} when it is time. The attached calendar file adds it to your calendar.`;
  switch (change.kind) {
    case "booked":
      return viewer === "mentee"
        ? { title: `Booked: ${kind} with ${other} on ${when}`, greeting, details, paragraphs: [`Your ${kind} with ${other} is booked.`, join, "Plans changed? You can cancel or move it up to 12 hours before the start."] }
        : { title: `${other} booked a ${kind} on ${when}`, greeting, details, paragraphs: [`${other} booked a ${kind} with you.`, join] };
    case "moved": {
      const was = formatWhen(change.from, me.zone);
      details.splice(1, 0, ["Was", was]);
      return viewer === "mentee"
        ? { title: `Moved: your ${kind} with ${other} is now on ${when}`, greeting, details, paragraphs: [`Your ${kind} with ${other} moved from ${was} to ${when}.`, join] }
        : // The mentor's subject is the one he has always had for a move.
          { title: `${other} moved a session to ${when}`, greeting, details, paragraphs: [`${other} moved the ${kind} on ${was} to ${when}. The earlier time is open again.`, join] };
    }
    case "cancelled": {
      if (change.reason) details.push(["Reason", change.reason]);
      const remove = "The attached calendar file removes it from your calendar.";
      return viewer === "mentee"
        ? { title: `Cancelled: your ${kind} with ${other} on ${when}`, greeting, details, paragraphs: [`You cancelled your ${kind} with ${other}.${view.type === "session" ? " The call is back in your plan." : ""}`, remove] }
        : { title: `${other} cancelled the ${kind} on ${when}`, greeting, details, paragraphs: [`${other} cancelled the ${kind}. The slot is open again.`, remove] };
    }
    case "deleted": {
      if (change.reason) details.push(["Reason", change.reason]);
      const remove = "The attached calendar file removes it from your calendar.";
      return viewer === "mentee"
        ? { title: `${other} cancelled your ${kind} on ${when}`, greeting, details, paragraphs: [`${other} cancelled your ${kind}.${view.type === "session" ? " The call is back in your plan: book another time on their schedule." : ""}`, remove] }
        : { title: `You cancelled the ${kind} with ${other} on ${when}`, greeting, details, paragraphs: [`You deleted the slot, so the ${kind} with ${other} is cancelled and they have been told.`, remove] };
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
