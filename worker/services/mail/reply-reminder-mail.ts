import type { MailMessage } from "../mail";
import { layoutMail, PRODUCT } from "./layout";

export type ReplyReminder = { to: string; first: string; menteeName: string; /** "3 days", "3 days 4 hours" */ waited: string; /** in the mentor's zone */ since: string };

/** To a mentor whose subscriber has waited 72 hours for an answer (issue 26), once per wait. */
export function replyReminderMail(r: ReplyReminder): MailMessage {
  return layoutMail(r.to, {
    title: `${r.menteeName} is waiting for your reply`,
    greeting: `Hi ${r.first},`,
    paragraphs: [
      `${r.menteeName}, one of your subscribers, wrote to you ${r.waited} ago and has not had an answer yet.`,
      `Your plan promises answers within 24 hours. Open Connect in ${PRODUCT} to reply; even a short note that you will answer later helps.`,
    ],
    details: [
      ["Subscriber", r.menteeName],
      ["Waiting since", r.since],
    ],
  });
}
