import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { DatabaseBusyError } from "../../db/busy-retry";

/** Extra fields a client may rely on, e.g. `{ blocked: true }` on a refused mentor application. */
export class ErrorDetails extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super("details");
  }
}

/** Throws an error whose message is meant for the user; the REST adapter keeps message and details. */
export function fail(code: TRPC_ERROR_CODE_KEY, message: string, details?: Record<string, unknown>): never {
  throw new TRPCError({ code, message, cause: details ? new ErrorDetails(details) : undefined });
}

export const INTERNAL_MESSAGE = "Something went wrong. Please try again later.";
export const BUSY_MESSAGE = "We are handling a lot of requests right now. Nothing was saved; please try again in a few seconds.";
/** What a 503 tells the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

function isOverload(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
  }
  return false;
}

/**
 * The one mapping from any failure to what a client is told: errors meant for the user pass as they
 * are; a database that stayed busy through its retries is a 503 (try again); anything else is a
 * 500 with a generic message. tRPC procedures, the REST adapter and the plain routes all use it.
 */
export function publicError(error: unknown): TRPCError {
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error;
  if (isOverload(error)) return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: BUSY_MESSAGE, cause: error });
  return error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_MESSAGE, cause: error });
}

/** Logs a failure the client could not fix itself, with the request id to find it by. */
export function logFailure(requestId: string, where: string, error: TRPCError) {
  if (error.code === "SERVICE_UNAVAILABLE") console.warn(`[${requestId}] ${where}: the database stayed busy through its retries; answered 503`);
  else if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[${requestId}] ${where} failed`, error.cause ?? error);
}
