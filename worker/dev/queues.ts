import { Hono } from "hono";
import type { AppEnv } from "../platform/app-env";
import { type BackgroundJob, isDevelopment, readConfig } from "../platform/env";

/**
 * Development only (404 otherwise): `POST /dev/queues/<binding>` with a JSON message body puts that message on a queue
 * as a producer would (`MAIL_URGENT`, `MAIL_BULK`, `REMINDERS`), so a test can deliver a message twice and see that
 * nothing is sent twice (ADR 0031).
 */
export const devQueues = new Hono<AppEnv>();

devQueues.use("*", async (c, next) => {
  if (!isDevelopment(readConfig(c.env))) return c.text("Not found", 404);
  await next();
});

const BINDINGS = ["MAIL_URGENT", "MAIL_BULK", "REMINDERS"] as const;

devQueues.post("/:binding", async (c) => {
  const binding = c.req.param("binding") as (typeof BINDINGS)[number];
  if (!BINDINGS.includes(binding)) return c.json({ message: `No queue "${binding}"; queues: ${BINDINGS.join(", ")}` }, 404);
  const body = (await c.req.json().catch(() => null)) as BackgroundJob | null;
  if (!body || typeof body !== "object" || (body.kind !== "mail" && body.kind !== "reminder"))
    return c.json({ message: 'The body must be a queue message: {"kind":"mail","id":…} or {"kind":"reminder","planIds":[…]}' }, 400);
  await (c.env[binding] as Queue<BackgroundJob>).send(body, { contentType: "json" });
  return c.json({ sent: true });
});
