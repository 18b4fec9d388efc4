import { sql } from "drizzle-orm";
import { consumeCalendarJobs } from "../calendars/sync/calendar-sync.job";
import { deliverMail, REDACTED_UNDELIVERED_TEXT } from "../mail/queued-delivery";
import { currentTime } from "../platform/clock";
import { dbFor } from "../platform/database";
import type { WaitUntil } from "../platform/deps";
import {
  type BackgroundJob,
  type CalendarJob,
  type Env,
  type ExportJob,
  type MailJob,
  type NoticePushJob,
  type ReminderJob,
  readConfig,
} from "../platform/env";
import { thirdPartiesOf } from "../platform/ports/third-parties";
import { buildExport } from "../privacy/data-export";
import { sendPlannedReminders } from "../scheduling/reminders.job";
import { pushNotices, queueNoticePushes } from "./notice-pushes";

/**
 * The queues' one consumer (wrangler.toml `[[queues.consumers]]`, ADR 0031). Each message names a row that is the
 * truth, so a message delivered twice, or a batch run again after a crash, sends nothing twice. A batch that throws is
 * retried whole by the queue, and after its last attempt goes to the dead-letter queue, whose messages are parked in
 * `dead_letters` for an operator.
 */
export const QUEUES = {
  mailUrgent: "mentorlink-mail-urgent",
  mailBulk: "mentorlink-mail-bulk",
  reminders: "mentorlink-reminders",
  noticePushes: "mentorlink-notice-pushes",
  exports: "mentorlink-exports",
  calendarSync: "mentorlink-calendar-sync",
  deadLetters: "mentorlink-dead-letters",
} as const;

export async function consumeQueue(batch: MessageBatch<BackgroundJob>, env: Env, waitUntil: WaitUntil): Promise<void> {
  // Urgent mail is what a person waits for (a code, a booking's change): it takes the people's line, not the background's.
  const db = dbFor(readConfig(env), batch.queue === QUEUES.mailUrgent ? "people" : "background");
  if (batch.queue === QUEUES.deadLetters) return parkDeadLetters(batch, env);
  if (batch.queue === QUEUES.noticePushes) {
    await pushNotices(
      db,
      env,
      batch.messages.flatMap((m) => (m.body as NoticePushJob).notificationIds),
      currentTime(),
    );
    batch.ackAll();
    return;
  }
  if (batch.queue === QUEUES.exports) {
    // A person's data archive (ADR 0039); the row is the truth, so building one twice mails once.
    for (const message of batch.messages as readonly Message<ExportJob>[]) {
      await buildExport({ db, env, now: () => new Date(currentTime()), waitUntil }, message.body.id);
      message.ack();
    }
    return;
  }
  if (batch.queue === QUEUES.calendarSync) {
    // Mentors' calendars (ADR 0040): each message on its own, a failed one retried alone with its own backoff.
    await consumeCalendarJobs({ db, env, now: new Date(currentTime()) }, batch.messages as readonly Message<CalendarJob>[]);
    return;
  }
  if (batch.queue === QUEUES.reminders) {
    // Each message on its own and all at once: one message's database trips and sends wait for no other's, and a
    // message that fails is retried alone (ADR 0031).
    const deps = { db, env, mail: thirdPartiesOf(env).mail, now: currentTime };
    const noticeIds: string[] = [];
    await Promise.all(
      (batch.messages as readonly Message<ReminderJob>[]).map(async (message) => {
        try {
          noticeIds.push(...(await sendPlannedReminders(deps, message.body.planIds)).noticeIds);
          message.ack();
        } catch (error) {
          console.error(`reminders ${message.id} not sent (attempt ${message.attempts})`, error);
          message.retry({ delaySeconds: Math.min(2 ** message.attempts, 60) });
        }
      }),
    );
    // The bell entries reach tabs and devices through their own queue, so the e-mails never wait for thousands of rooms.
    waitUntil(queueNoticePushes(env, noticeIds).catch((error: unknown) => console.error("reminder pushes not queued", error)));
    return;
  }
  const messages = batch.messages as readonly Message<MailJob>[];
  const outcomes = await deliverMail(db, thirdPartiesOf(env).mail, [...new Set(messages.map((m) => m.body.id))], currentTime);
  const retryIn = new Map(outcomes.filter((o) => o.retryInMs !== undefined).map((o) => [o.id, o.retryInMs!]));
  for (const message of messages) {
    const wait = retryIn.get(message.body.id);
    if (wait === undefined) message.ack();
    else message.retry({ delaySeconds: Math.ceil(wait / 1000) });
  }
}

/** Messages that failed every attempt: one `dead_letters` row each; a mail row is parked too (a sensitive one redacted). */
async function parkDeadLetters(batch: MessageBatch<BackgroundJob>, env: Env): Promise<void> {
  const db = dbFor(readConfig(env));
  const now = currentTime();
  const park = (queue: string, body: unknown, attempts: number) =>
    db.run(
      sql`insert into dead_letters (id, queue, body, attempts, created_at) values (${crypto.randomUUID()}, ${queue}, ${JSON.stringify(body)}, ${attempts}, ${now})`,
    );
  const statements = batch.messages.flatMap((m) => {
    // One parked item per reminder, so an operator sees and replays each on its own.
    if (m.body.kind === "reminder") return m.body.planIds.map((planId) => park("reminder", { kind: "reminder", planId }, m.attempts));
    // A push that failed every attempt is not worth parking: the bell has the notice, and the tab refetches it.
    if (m.body.kind === "notice-push") return [];
    // A calendar's pull or session event: the minute sweep pulls again, and a session event's row keeps its attempts.
    if (m.body.kind === "calendar-pull" || m.body.kind === "calendar-session") return [];
    // An archive that could not be built: her settings say so, and she may ask again (ADR 0039).
    if (m.body.kind === "export")
      return [db.run(sql`update data_exports set state = 'failed' where id = ${m.body.id} and state = 'preparing'`)];
    return [
      park("mail", m.body, m.attempts),
      db.run(sql`update email_outbox set dead_at = ${now}, claimed_until = null,
        body = case when sensitive = 1 then ${REDACTED_UNDELIVERED_TEXT} else body end, html = case when sensitive = 1 then null else html end
        where id = ${m.body.id} and sent_at is null and dead_at is null`),
    ];
  });
  if (statements.length) await db.batch([statements[0], ...statements.slice(1)]);
  batch.ackAll();
}
