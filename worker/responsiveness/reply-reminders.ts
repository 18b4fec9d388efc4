import { and, eq, gte, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { conversations, messages } from "../../db/schema";
import { waitLabel } from "../../shared/reply-wait";
import { formatWhen, mentorZoneOrDefault } from "../../shared/zoned-time";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { replyReminderMail, waitWords } from "../mail/reply-reminder-mail";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { mailLocale } from "../platform/i18n";
import { type DueReminder, dueReplyReminders } from "./waiting-subscribers";

export type ReminderReport = { sent: number; skipped: number };

/**
 * Reminds mentors of subscribers who have waited 72 hours for an answer (ADR 0026): per waiting
 * conversation, an in-app notification (linking to the conversation) and an e-mail, in ONE batch
 * with the conversation's `reply_reminder_at`. The batch starts with a conditional update (no
 * reminder since the wait began, and still no answer from the mentor), and the notice and the mail
 * are written only if it changed the row (`changes() = 1`), so two runs at once, or a run racing
 * the mentor's answer, send at most one reminder per wait. The push follows the commit.
 */
export async function sendReplyReminders(deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">): Promise<ReminderReport> {
  const { db, now } = deps;
  const report: ReminderReport = { sent: 0, skipped: 0 };
  for (const due of await dueReplyReminders(db, now)) {
    if (await remind(deps, due)) report.sent++;
    else report.skipped++;
  }
  if (report.sent > 0) deliverMailSoon(deps.env, deps.waitUntil);
  return report;
}

async function remind(deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">, due: DueReminder): Promise<boolean> {
  const { db, now } = deps;
  const start = new Date(due.waitStart);
  const waited = waitLabel(now.getTime() - due.waitStart);
  const mentor = { role: "mentor" as const, id: due.mentor.id };
  const answered = db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, due.conversationId), eq(messages.senderType, "mentor"), gte(messages.createdAt, start)));
  const claim = db
    .update(conversations)
    .set({ replyReminderAt: now })
    .where(
      and(
        eq(conversations.id, due.conversationId),
        or(isNull(conversations.replyReminderAt), lt(conversations.replyReminderAt, start)),
        notExists(answered),
      ),
    )
    .returning({ id: conversations.id });
  const notice = notificationWrite(
    db,
    mentor,
    {
      type: "alert",
      kind: "message",
      content: `${due.mentee.name} has waited ${waited} for your reply.`,
      conversationId: due.conversationId,
    },
    now,
    { ifPreviousChanged: true },
  );
  const locale = mailLocale(due.mentor.locale);
  const mail = replyReminderMail({
    to: due.mentor.email,
    first: due.mentor.firstName,
    menteeName: due.mentee.name,
    waited: waitWords(now.getTime() - due.waitStart, locale),
    since: formatWhen(start, mentorZoneOrDefault(due.mentor.timeZone), locale),
    locale,
  });
  // His e-mail about messages (ADR 0027): muted, not left out, when he turned it off.
  const [claimed] = await db.batch([
    claim,
    notice.statement,
    mailInsertWhen(db, { ...mail, notice: { to: mentor, kind: "message" } }, sql`changes() = 1`, now.getTime()),
  ]);
  if (claimed.length === 0) return false;
  pushNotification(deps.env, deps.waitUntil, mentor, notice.view);
  return true;
}
