import type { Env } from "./env";

/**
 * The Hono environment of every route: the Worker's bindings, the per-request id, and whether the request changed
 * the public catalogue (said in the answer to the edge, worker/platform/placement.ts).
 */
export type AppEnv = { Bindings: Env; Variables: { requestId: string; catalogueChanged?: boolean } };
