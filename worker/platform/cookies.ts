import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { readConfig } from "./env";

/** Secure everywhere but plain-http local runs (http://127.0.0.1 in tests), where a browser would drop a Secure cookie. */
export const secureCookies = (c: Context<AppEnv>) =>
  new URL(c.req.url).protocol === "https:" || readConfig(c.env).ENVIRONMENT === "production";
