import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "./api-types";
import { translateServerMessage } from "./i18n/server-messages";

/** What the client reads from a failed call: the user-facing message, the HTTP status and server details. */
export type ApiError = { message: string; status: number | null; details: Record<string, unknown> };

/** Null when the call never got an answer from the server (network failure). */
export function apiError(error: unknown): ApiError | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = (error as TRPCClientError<AppRouter>).data as { httpStatus?: number; details?: Record<string, unknown> } | undefined;
  if (!data?.httpStatus) return null;
  // Shown in the reader's language (ADR 0027); the wire keeps the English of SPEC §8.
  return { message: translateServerMessage(error.message), status: data.httpStatus, details: data.details ?? {} };
}
