import type { Db } from "../../db/client";
import type { Env } from "../env";

/**
 * What a domain service may use besides its input (ADR 0022): the database, the bindings for pushes
 * and mail after the commit, `waitUntil` for work after the response, the request's one "now", and
 * the request id failures are logged with. Each transport builds it (a tRPC context already is one).
 */
export type ServiceDeps = { db: Db; env: Env; waitUntil: (promise: Promise<unknown>) => void; now: Date; requestId: string };
