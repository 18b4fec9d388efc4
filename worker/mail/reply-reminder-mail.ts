import { msg, plural } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { waitLabel } from "../../shared/reply-wait";
import { i18nFor } from "../platform/i18n";
import { layoutMail, PRODUCT } from "./layout";
import type { MailMessage } from "./mail";

const HOUR = 60 * 60 * 1000;

/** How long she has waited, in the mentor's language: "3 days 5 hours" (English exactly as shared/reply-wait.ts says it). */
export function waitWords(ms: number, locale: Locale): string {
  if (locale === "en") return waitLabel(ms);
  const i18n = i18nFor(locale);
  const hours = Math.max(0, Math.floor(ms / HOUR));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayWords = (n: number) => i18n._(msg`${plural(n, { one: "# day", other: "# days" })}`);
  const hourWords = (n: number) => i18n._(msg`${plural(n, { one: "# hour", other: "# hours" })}`);
  if (days === 0) return hourWords(hours);
  return rest ? `${dayWords(days)} ${hourWords(rest)}` : dayWords(days);
}

export type ReplyReminder = {
  to: string;
  first: string;
  menteeName: string;
  /** "3 days", "3 days 4 hours" (in `locale`) */
  waited: string;
  /** in the mentor's zone and language */
  since: string;
  /** The mentor's mail language (ADR 0027). */
  locale: Locale;
};

/** To a mentor whose subscriber has waited 72 hours for an answer (ADR 0026), once per wait. */
function replyReminderMailText(r: ReplyReminder): MailMessage {
  const { menteeName, first, waited, locale } = r;
  const i18n = i18nFor(locale);
  return layoutMail(r.to, {
    lang: locale,
    title: i18n._(msg`${menteeName} is waiting for your reply`),
    greeting: i18n._(msg`Hi ${first},`),
    paragraphs: [
      i18n._(msg`${menteeName}, one of your subscribers, wrote to you ${waited} ago and has not had an answer yet.`),
      i18n._(
        msg`Your plan promises answers within 24 hours. Open Connect in ${PRODUCT} to reply; even a short note that you will answer later helps.`,
      ),
    ],
    details: [
      [i18n._(msg`Subscriber`), menteeName],
      [i18n._(msg`Waiting since`), r.since],
    ],
  });
}

/** Bulk: it may wait behind what a person is waiting for (ADR 0031). */
export function replyReminderMail(r: ReplyReminder): MailMessage {
  return { ...replyReminderMailText(r), lane: "bulk" };
}
