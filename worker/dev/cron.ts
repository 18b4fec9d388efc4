import { Hono } from "hono";
import { readConfig, type Env } from "../env";
import { jobs, runJobs } from "../jobs";

/**
 * Runs the cron's jobs by hand, outside production (404 there): `curl -X POST localhost:5173/dev/cron`.
 * `POST /dev/cron/<job>` runs one of them (e.g. `reminders`). `?now=<ms since epoch or ISO instant>`
 * runs them as of another instant (tests use it to pass a mail's backoff or a reminder's window).
 */
export const devCron = new Hono<{ Bindings: Env }>();

devCron.use("*", async (c, next) => {
  if (readConfig(c.env).ENVIRONMENT === "production") return c.text("Not found", 404);
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
  return c.json(await runJobs(c.env, at, (p) => c.executionCtx.waitUntil(p), job ? [job] : undefined));
});
