import type { Env } from "../env";
import { runReminders } from "./reminders";

/** Session reminders (issue 8): every 5 minutes, so a reminder is at most 5 minutes late. */
export const REMINDER_CRON = "*/5 * * * *";

/**
 * The Worker's cron jobs, by their `[triggers] crons` expression (wrangler.toml). Each job takes
 * (env, now, waitUntil) and is safe to run twice or late. Other jobs add a line here.
 */
export const cronJobs: Record<string, (env: Env, now: Date, waitUntil: (p: Promise<unknown>) => void) => Promise<unknown>> = {
  [REMINDER_CRON]: runReminders,
};

export async function runScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const job = cronJobs[controller.cron];
  if (!job) {
    console.warn(`no job for cron "${controller.cron}"`);
    return;
  }
  await job(env, new Date(controller.scheduledTime), (p) => ctx.waitUntil(p));
}
