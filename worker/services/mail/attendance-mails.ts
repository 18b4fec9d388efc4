import type { MailMessage } from "../mail";
import { layoutMail, PRODUCT } from "./layout";

/** The e-mail of a session the mentor did not come to (issue 26): the call is back in her plan, and how to book another. */
export type MissedByMentor = { to: string; first: string; mentorName: string; /** in the recipient's zone */ when: string; trial: boolean };

export function missedByMentorMail(m: MissedByMentor): MailMessage {
  const back = m.trial ? "Your free intro call with them is yours again." : "The call is back in your plan: it does not count against this period's calls.";
  return layoutMail(m.to, {
    title: `${m.mentorName} did not join your session`,
    greeting: `Hi ${m.first},`,
    paragraphs: [
      `${m.mentorName} did not join your session (${m.when}). We are sorry: your time matters.`,
      back,
      `Book another time on ${m.mentorName}'s schedule in ${PRODUCT} (Schedules), or choose another mentor. If this is wrong, you can dispute it from Booked slots within 24 hours.`,
    ],
    details: [
      ["When", m.when],
      ["With", m.mentorName],
    ],
  });
}
