import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { readConfig } from "../env";
import { runReminders } from "../jobs/reminders";

/**
 * Runs the reminder job by hand in development and tests: `POST /dev/cron/reminders` (optional
 * `?now=<ISO instant>`). 404 in production, where only the cron trigger runs it.
 */
export const devCronRoutes = new Hono<AppEnv>();

devCronRoutes.post("/reminders", async (c) => {
  if (readConfig(c.env).ENVIRONMENT === "production") return c.text("Not found", 404);
  const given = c.req.query("now");
  const now = given ? new Date(given) : new Date();
  if (Number.isNaN(now.getTime())) return c.json({ message: "now must be an ISO instant" }, 400);
  const result = await runReminders(c.env, now, (p) => c.executionCtx.waitUntil(p));
  return c.json(result);
});
