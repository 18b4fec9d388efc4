import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { configCheckFor } from "./env";

export const MISCONFIGURED_MESSAGE = "This server is not configured correctly, so it cannot serve requests. Please try again later.";

// Logged once per isolate: the problems do not change until the next deployment.
let logged = false;

/**
 * A Worker whose settings are invalid (worker/platform/env.ts) serves nothing and says so: /healthz answers
 * 503 naming each setting that is missing or wrong and why (never a value), so monitoring sees the
 * deploy fail; every other route answers 503 with the usual `{ message, error }` body.
 */
export const configGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const check = configCheckFor(c.env);
  if (check.ok) return next();
  if (!logged) {
    logged = true;
    console.error(`Invalid Worker configuration: ${check.problems.map((p) => p.reason).join("; ")}`);
  }
  if (c.req.path === "/healthz") return c.json({ ok: false, message: "Invalid Worker configuration", problems: check.problems }, 503);
  return c.json({ message: MISCONFIGURED_MESSAGE, error: MISCONFIGURED_MESSAGE }, 503);
};
