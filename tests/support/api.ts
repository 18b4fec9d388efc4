import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { inject } from "vitest";
import type { AppRouter } from "../../worker/trpc/router";

export const baseUrl = () => inject("baseUrl");
/** The shared stack's local Stripe, Google and mail provider (ADR 0033): their pages and APIs. */
export const doublesUrl = () => inject("doublesUrl");

export type RestResponse = { status: number; body: Record<string, unknown> };

/** Calls a REST path of SPEC §7 on the running Worker. */
export async function rest(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; rawBody?: string; from?: string } = {},
): Promise<RestResponse> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  // The client address the Worker throttles by (services/client-address.ts).
  if (options.from) headers["cf-connecting-ip"] = options.from;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A typed tRPC client for the running Worker, optionally signed in. */
export function trpc(token?: string, from?: string) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(from ? { "cf-connecting-ip": from } : {}) };
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl()}/trpc`, headers: () => headers })],
  });
}

/** Runs a tRPC call and reports `{ status, message, details }` of its failure (or the value on success). */
export async function trpcOutcome<T>(
  call: Promise<T>,
): Promise<{ status: number; message?: string; details?: Record<string, unknown>; value?: T }> {
  try {
    return { status: 200, value: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = error.data as { httpStatus: number; details?: Record<string, unknown> };
    return { status: data.httpStatus, message: error.message, details: data.details ?? undefined };
  }
}

/** A REST error body: the message, repeated as `error` for clients written against the original server. */
export const errorBody = (message: string, details: Record<string, unknown> = {}) => ({ message, error: message, ...details });
