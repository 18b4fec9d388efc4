import type { Db } from "../../db/client";
import type { Env } from "./env";

/** Hands work that may finish after the response (pushes, mail) to the runtime: the request's or the job's `waitUntil`. */
export type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * What a domain service may use besides its input (ADR 0022): the database, the bindings for pushes
 * and mail after the commit, `waitUntil` for work after the response, the request's one "now", and
 * the request id failures are logged with. Each transport builds it (a tRPC context already is one;
 * the cron's jobs build one per run).
 */
export type ServiceDeps = { db: Db; env: Env; waitUntil: WaitUntil; now: Date; requestId: string };
