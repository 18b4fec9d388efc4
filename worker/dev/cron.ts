import { Hono } from "hono";
import { JOB_FAILED, jobs, runJobs } from "../background/cron.job";
import type { AppEnv } from "../platform/app-env";
import { isDevelopment, readConfig } from "../platform/env";

/**
 * Runs the cron's jobs by hand, in development only (404 otherwise): `curl -X POST localhost:5173/dev/cron`.
 * `POST /dev/cron/<job>` runs one of them (e.g. `reminders`). `?now=<ms since epoch or ISO instant>`
 * runs them as of another instant (tests use it to pass a mail's backoff or a reminder's window).
 * A failed job answers 500 naming the job; its error is in the Worker's log under the request id.
 */
export const devCron = new Hono<AppEnv>();

devCron.use("*", async (c, next) => {
  if (!isDevelopment(readConfig(c.env))) return c.text("Not found", 404);
  await next();
});

function instant(given: string | undefined): number | undefined | null {
  if (!given) return undefined;
  const at = /^\d{1,15}$/.test(given) ? Number(given) : Date.parse(given);
  return Number.isNaN(at) ? null : at;
}

devCron.post("/:job?", async (c) => {
  const job = c.req.param("job");
  if (job && !(job in jobs)) return c.json({ message: `No job "${job}"; jobs: ${Object.keys(jobs).join(", ")}` }, 404);
  const at = instant(c.req.query("now"));
  if (at === null) return c.json({ message: "now must be milliseconds since the epoch or an ISO instant" }, 400);
  const requestId = c.get("requestId");
  const report = await runJobs(c.env, at, (p) => c.executionCtx.waitUntil(p), job ? [job] : undefined, requestId);
  const failed = Object.keys(report).filter((name) => report[name] === JOB_FAILED);
  if (failed.length === 0) return c.json(report);
  const message = `The job ${failed.join(", ")} failed; the Worker's log has the error under request id ${requestId}.`;
  return c.json({ message, error: message, jobs: report }, 500);
});
