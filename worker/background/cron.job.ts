import { pruneThrottle } from "../accounts/login-throttle";
import { settleEndedSessions } from "../attendance/settle";
import { keepGoogleWatches } from "../calendars/google/google-watches";
import { handOnDuePulls } from "../calendars/sync/pull";
import { handOnSessionEvents } from "../calendars/sync/session-events";
import { handMailToQueues, MAIL_QUEUE_LOST_MS } from "../mail/queued-delivery";
import { dropDevicesOfEndedSignIns } from "../notifications/web-push/subscriptions";
import { transferHeldShares } from "../payouts/held-transfers";
import { currentTime } from "../platform/clock";
import { dbFor } from "../platform/database";
import type { ServiceDeps, WaitUntil } from "../platform/deps";
import { type Env, readConfig } from "../platform/env";
import { thirdPartiesOf } from "../platform/ports/third-parties";
import { sweepExports } from "../privacy/data-export";
import { eraseDueAccounts } from "../privacy/erasure";
import { pruneExpiredRecords } from "../privacy/retention";
import { pruneSocketTickets } from "../realtime/socket-tickets";
import { sendReplyReminders } from "../responsiveness/reply-reminders";
import { handOnLostReminders, planReminders } from "../scheduling/reminders.job";
import { releaseUnansweredReschedules } from "../scheduling/reschedule-requests.job";
import { passWaitlistHolds } from "../scheduling/waitlist";
import { extendWeeklyHoursJob } from "../scheduling/weekly-hours.job";

/**
 * The cron's jobs (`[triggers] crons` in wrangler.toml, every minute). Each is small and
 * idempotent: running it twice, or at the same time as a request's own work, changes nothing more.
 * Mail and reminders are carried by queues (ADR 0031): here they are only planned, or swept up when lost on the way.
 */
export type JobReport = Record<string, unknown>;
/** A job acts at the run's one "now" (`currentTime`, or the instant /dev/cron names), like a request at its `ctx.now`. */
type Job = (deps: ServiceDeps) => Promise<unknown>;

export const jobs: Record<string, Job> = {
  /** Hands mail that no queue carries (its queue send failed, or it was lost on the way) to its queue. */
  deliverMail: async ({ db, env, now }) => ({
    handedOn: await handMailToQueues(db, env, now.getTime(), now.getTime() - MAIL_QUEUE_LOST_MS),
  }),
  /** Drops throttle counters whose window has passed, and networks an account has not signed in from for 30 days. */
  pruneThrottle: ({ db, now }) => pruneThrottle(db, now.getTime()),
  /** Drops socket tickets nobody used within their 30 s. */
  pruneSocketTickets: ({ db, now }) => pruneSocketTickets(db, now.getTime()),
  /** Deletes the records past their stated lifetime (ADR 0038): sent mail, old sign-ins, codes, notices, the audit log's oldest… */
  pruneExpiredRecords: ({ db, now }) => pruneExpiredRecords(db, now.getTime()),
  /** Accounts whose 14-day grace period passed and that no moderator holds are erased (ADR 0042). */
  eraseDeletedAccounts: (deps) => eraseDueAccounts(deps),
  /** Data archives: hands on one whose queue message was lost, gives up on one not built in two hours, deletes expired files (ADR 0039). */
  sweepExports: (deps) => sweepExports(deps),
  /** Plans the session reminders due before the next run, each queued to arrive at its instant (ADR 0031), and hands on lost ones. */
  reminders: async ({ db, env, now }) => ({
    ...(await planReminders(db, env, now.getTime())),
    handedOnAgain: await handOnLostReminders(db, env, now.getTime()),
  }),
  /** Bookings the mentor asked to reschedule and nobody moved are released when they start, so they never count as a used call (ADR 0023). */
  releaseUnansweredReschedules: (deps) => releaseUnansweredReschedules(deps),
  /** Keeps the slots of every mentor's weekly hours 8 weeks ahead (ADR 0023); idempotent, safe to overlap. */
  extendWeeklyHours: ({ db, now }) => extendWeeklyHoursJob(db, now.getTime()),
  /** Waitlist holds that ran out pass to the next mentee waiting, or are cleared (ADR 0023). */
  passWaitlistHolds: (deps) => passWaitlistHolds(deps),
  /** Booked sessions whose live room closed get their outcome from the room's attendance records (ADR 0026); each once. */
  settleSessions: (deps) => settleEndedSessions(deps),
  /** Mentors' shares held while their payout account was not ready go to it once it is (ADR 0024); claims each row, safe to overlap. */
  transferHeldShares: ({ db, env, now }) => transferHeldShares(db, thirdPartiesOf(env).payments, now),
  /** Mentors whose subscriber has waited 72 hours for an answer get one reminder per wait. */
  replyReminders: (deps) => sendReplyReminders(deps),
  /** Mentors' calendars due for a pull into the busy-time mirror (every 5 minutes), and session events whose message was lost (ADR 0040). */
  calendarSync: async (deps) => ({ ...(await handOnDuePulls(deps)), sessionEvents: (await handOnSessionEvents(deps)).queued }),
  /** Google's watch channels on mentors' calendars: opened, renewed a day before they expire, stopped when no longer read (ADR 0041). */
  googleCalendarWatches: (deps) => keepGoogleWatches(deps),
  /** Web Push devices whose sign-in expired (never revoked, so nothing else removes them) go (ADR 0027). */
  dropDevicesOfEndedSignIns: ({ db, now }) => dropDevicesOfEndedSignIns(db, now),
};

/** What a failed job reports: its error may carry SQL or data, so it goes to the log only. */
export const JOB_FAILED = "failed";

/**
 * Runs every job (or only the named ones); one failing job does not stop the others. A failure is
 * logged with `logId` (the request id of /dev/cron) and reported as JOB_FAILED.
 */
export async function runJobs(
  env: Env,
  now = currentTime(),
  waitUntil: WaitUntil = () => {},
  only?: string[],
  logId = "cron",
): Promise<JobReport> {
  const deps: ServiceDeps = { db: dbFor(readConfig(env)), env, waitUntil, now: new Date(now), requestId: logId };
  const report: JobReport = {};
  for (const [name, job] of Object.entries(jobs)) {
    if (only && !only.includes(name)) continue;
    try {
      const result = await job(deps);
      report[name] = result && typeof result === "object" && !("rowsAffected" in result) ? result : "ok";
    } catch (error) {
      console.error(`[${logId}] job ${name} failed`, error);
      report[name] = JOB_FAILED;
    }
  }
  return report;
}
