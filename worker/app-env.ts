import type { Env } from "./env";

/** The Hono environment of every route: the Worker's bindings and the per-request id. */
export type AppEnv = { Bindings: Env; Variables: { requestId: string } };
