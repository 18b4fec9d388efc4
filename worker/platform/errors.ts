import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { DatabaseBusyError } from "../../db/busy-retry";
import { DomainError } from "./domain-error";

/** Extra fields a client may rely on, e.g. `{ blocked: true }` on a refused mentor application. */
export class ErrorDetails extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super("details");
  }
}

/** The DomainError a failure is or carries (tRPC wraps what a procedure throws as its cause), if any. */
function domainErrorIn(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  return error instanceof TRPCError && error.cause instanceof DomainError ? error.cause : null;
}

/** A domain failure as the transports answer it: the same code, the user's message, the details kept. */
function fromDomain(error: DomainError): TRPCError {
  return new TRPCError({
    code: error.code as TRPC_ERROR_CODE_KEY,
    message: error.message,
    cause: error.details ? new ErrorDetails(error.details) : undefined,
  });
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
 * The one mapping from any failure to what a client is told: a domain failure (services/domain-error.ts)
 * keeps its code, message and details, as do tRPC's own (bad input); a database that stayed busy
 * through its retries is a 503 (try again); anything else is a 500 with a generic message. tRPC
 * procedures, the REST adapter and the plain routes all use it.
 */
export function publicError(error: unknown): TRPCError {
  const domain = domainErrorIn(error);
  if (domain) return fromDomain(domain);
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error;
  if (isOverload(error)) return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: BUSY_MESSAGE, cause: error });
  return error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_MESSAGE, cause: error });
}

/** Logs a failure the client could not fix itself, with the request id to find it by. */
export function logFailure(requestId: string, where: string, error: TRPCError) {
  if (error.code === "SERVICE_UNAVAILABLE")
    console.warn(`[${requestId}] ${where}: the database stayed busy through its retries; answered 503`);
  else if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[${requestId}] ${where} failed`, error.cause ?? error);
}
