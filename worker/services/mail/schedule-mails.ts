import type { MailMessage } from "../mail";
import { layoutMail, PRODUCT } from "./layout";

/**
 * The scheduler's own e-mails (issue 23): the session reminders (24 hours and 1 hour before) and
 * the waitlist's offer of an earlier time, in the product's one look, in plain text and HTML.
 */

export type Reminder = { to: string; first: string; other: string; /** "starts within the hour", "is in about 5 hours" */ soon: string; /** in the recipient's zone */ when: string };

export function reminderMail(r: Reminder): MailMessage {
  return layoutMail(r.to, {
    title: `Reminder: your ${PRODUCT} session ${r.soon}`,
    greeting: `Hi ${r.first},`,
    paragraphs: [`Your session with ${r.other} ${r.soon}.`, `Join from your dashboard when it is time; the call opens 10 minutes before the start.`, "See you there."],
    details: [
      ["When", r.when],
      ["With", r.other],
    ],
  });
}

export type WaitlistOffer = { to: string; first: string; mentorName: string; /** in the recipient's zone */ when: string; holdMinutes: number };

export function waitlistOfferMail(o: WaitlistOffer): MailMessage {
  return layoutMail(o.to, {
    title: `An earlier time opened with ${o.mentorName}`,
    greeting: `Hi ${o.first},`,
    paragraphs: [
      `An earlier time opened with ${o.mentorName}: ${o.when}. It is held for you for ${o.holdMinutes} minutes.`,
      `Book it on ${o.mentorName}'s schedule in ${PRODUCT} before then; after that it goes to the next person waiting.`,
    ],
    details: [
      ["When", o.when],
      ["Held for you", `${o.holdMinutes} minutes`],
    ],
  });
}
