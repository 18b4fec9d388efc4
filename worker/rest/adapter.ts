import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Env } from "../env";
import { createContext } from "../trpc/context";
import { ErrorDetails } from "../trpc/errors";
import { createCaller } from "../trpc/router";
import { restRoutes, type RestRequest } from "./routes";

/** Maps any error onto the REST error body `{ message, ...details }` with its status. One place for all routes. */
export function restError(error: unknown): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
    const details = error.cause instanceof ErrorDetails ? error.cause.details : {};
    return { status: getHTTPStatusCodeFromError(error) as ContentfulStatusCode, body: { message: error.message, ...details } };
  }
  console.error("REST request failed", error);
  return { status: 500, body: { message: "Something went wrong. Please try again later." } };
}

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const restApp = new Hono<{ Bindings: Env }>();

for (const route of restRoutes) {
  restApp.on(route.method, route.path, async (c) => {
    const body = route.method === "GET" ? {} : await readBody(c.req.raw);
    if (body === null) return c.json({ message: "The request body must be a JSON object." }, 400);
    const request: RestRequest = { params: c.req.param() as Record<string, string>, query: c.req.query(), body };
    try {
      const caller = createCaller(await createContext(c.req.raw, c.env, c.executionCtx as ExecutionContext));
      return c.json((await route.call(caller, request)) as object, (route.status ?? 200) as ContentfulStatusCode);
    } catch (error) {
      const { status, body: errorBody } = restError(error);
      return c.json(errorBody, status);
    }
  });
}

restApp.all("*", (c) => c.json({ message: `No API route ${c.req.method} ${c.req.path}` }, 404));
