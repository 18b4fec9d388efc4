import { Hono } from "hono";
import { readConfig, type Env } from "../env";
import { runJobs } from "../jobs";

/**
 * Runs the cron's jobs by hand, outside production (404 there): `curl -X POST localhost:5173/dev/cron`.
 * `?now=<ms since epoch>` runs them as of another instant (tests use it to pass a mail's backoff).
 */
export const devCron = new Hono<{ Bindings: Env }>();

devCron.use("*", async (c, next) => {
  if (readConfig(c.env).ENVIRONMENT === "production") return c.text("Not found", 404);
  await next();
});

devCron.post("/", async (c) => {
  const now = c.req.query("now");
  const at = now && /^\d{1,15}$/.test(now) ? Number(now) : undefined;
  return c.json(await runJobs(c.env, at));
});
