import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";

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
